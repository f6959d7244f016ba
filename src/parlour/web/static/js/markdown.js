// A small Markdown reader for the rules pages (the package's rules/*.md): headings,
// paragraphs, lists nested by indentation, tables, fenced code, `code`, **strong** and
// *emphasis*. Our own, served with the package: no reader from a CDN. It reads what the
// rules pages write, not all of CommonMark: a line indented under a list item belongs to
// that item, so a sub-list ("First card turned:" and its cases in UNO's page) is drawn
// inside its item, and a line at the item's own indentation after a sub-list goes on with
// the item (as the pages mean it), not with the sub-list's last item.

const ITEM = /^(\s*)([-*+]|\d+\.)\s+(.*)$/;
const FENCE = /^\s*```/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const ROW = /^\s*\|/;

const escape = (text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Inline text: code spans first (nothing inside them is read as emphasis), then
 * **strong** and *emphasis*, which may hold a code span (**Option `uno_call`**). */
function inline(text) {
  const codes = [];
  const held = text.replace(/`([^`]+)`/g, (_, c) => {
    codes.push(`<code>${escape(c)}</code>`);
    return `\u0000${codes.length - 1}\u0000`;
  });
  return escape(held)
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/\*(?=\S)([^*]*?\S)\*/g, "<em>$1</em>")
    .replace(/\u0000(\d+)\u0000/g, (_, i) => codes[Number(i)]);
}

const indentOf = (line) => line.match(/^\s*/)[0].length;
const blank = (line) => line.trim() === "";

/** Whether `line` starts a block other than a paragraph (it ends a paragraph). */
const startsBlock = (line) => HEADING.test(line) || ITEM.test(line) || FENCE.test(line) || ROW.test(line);

/** The blocks of `lines` (all at one indentation), as HTML. `tight`: the paragraphs of
 * a list item, the first drawn bare (the item's own text), the rest as paragraphs. */
function blocks(lines, tight = false) {
  const out = [];
  let i = 0;
  let paragraphs = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (blank(line)) {
      i++;
    } else if (HEADING.test(line)) {
      const [, marks, text] = line.match(HEADING);
      out.push(`<h${marks.length}>${inline(text)}</h${marks.length}>`);
      i++;
    } else if (FENCE.test(line)) {
      const code = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i])) code.push(lines[i++]);
      i++;
      out.push(`<pre tabindex="0"><code>${escape(code.join("\n"))}</code></pre>`);
    } else if (ROW.test(line)) {
      const rows = [];
      while (i < lines.length && ROW.test(lines[i])) rows.push(lines[i++]);
      out.push(table(rows));
    } else if (ITEM.test(line)) {
      i = list(lines, i, out);
    } else {
      const para = [];
      while (i < lines.length && !blank(lines[i]) && !startsBlock(lines[i])) para.push(lines[i++].trim());
      const text = inline(para.join(" "));
      out.push(tight && paragraphs === 0 && out.length === 0 ? text : `<p>${text}</p>`);
      paragraphs++;
    }
  }
  return out.join("");
}

/** The list starting at `lines[start]`: its items (each with the lines indented under
 * it, read again as blocks: a sub-list is a list inside the item). Pushes its HTML to
 * `out`; returns the index of the first line after it. */
function list(lines, start, out) {
  const [, lead, marker] = lines[start].match(ITEM);
  const depth = lead.length;
  const ordered = /\d/.test(marker);
  const items = [];
  let i = start;
  while (i < lines.length) {
    const m = lines[i].match(ITEM);
    if (!m || m[1].length !== depth || /\d/.test(m[2]) !== ordered) break;
    const body = m[1].length + m[2].length + 1; // where the item's text starts
    const inner = [m[3]];
    i++;
    // the item holds every line indented deeper than its marker, and blank lines
    // followed by such a line
    while (i < lines.length) {
      if (blank(lines[i])) {
        let j = i;
        while (j < lines.length && blank(lines[j])) j++;
        if (j < lines.length && indentOf(lines[j]) > depth) {
          for (; i < j; i++) inner.push("");
          continue;
        }
        break;
      }
      if (indentOf(lines[i]) <= depth) break;
      inner.push(lines[i].slice(Math.min(body, indentOf(lines[i]))));
      i++;
    }
    items.push(blocks(inner, true));
    // the next item of the same list may follow a blank line
    let j = i;
    while (j < lines.length && blank(lines[j])) j++;
    const next = j < lines.length && lines[j].match(ITEM);
    if (!next || next[1].length !== depth) break;
    i = j;
  }
  const tag = ordered ? "ol" : "ul";
  const first = ordered ? Number(lines[start].match(/\d+/)[0]) : 1;
  const attrs = ordered && first !== 1 ? ` start="${first}"` : "";
  out.push(`<${tag}${attrs}>` + items.map((t) => `<li>${t}</li>`).join("") + `</${tag}>`);
  return i;
}

/** A table (its header row, the row of dashes, the body), in a region that scrolls
 * sideways on a narrow screen. */
function table(rows) {
  const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
  const body = rows.filter((r) => !/^\s*\|[\s|:-]+\|\s*$/.test(r));
  const head = cells(body[0]);
  return "<div class='scroll-x' tabindex='0' role='region' aria-label='table'><table class='list'><thead><tr>" +
    head.map((c) => `<th scope="col">${inline(c)}</th>`).join("") + "</tr></thead><tbody>" +
    body.slice(1).map((r) => "<tr>" + cells(r).map((c) => `<td>${inline(c)}</td>`).join("") + "</tr>").join("") +
    "</tbody></table></div>";
}

export function markdown(md) {
  return blocks(md.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"));
}
