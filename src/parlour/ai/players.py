"""Imports every module that registers computer players."""
