"""Read a text table fast, keeping the line number of every record.

trec_eval's files are whitespace-separated; FLAGR's are comma-separated. Both
are read here in chunks of a few megabytes: numpy counts the fields of every
line at once (so a malformed line is found with its number, without a Python
loop per line), then the chunk is split in one call and the wanted columns are
sliced out. Nothing here knows what the columns mean; :mod:`rankbook.io.trec`
and :mod:`rankbook.io.flagr` do.
"""

from __future__ import annotations

import gzip
import os
import re
import sys
import time
from pathlib import Path

import numpy as np

from rankbook._errors import InputFileError

CHUNK_BYTES = 16 * 1024 * 1024
BOM = b"\xef\xbb\xbf"
# The bytes trec_eval (C isspace) and bytes.split() treat as whitespace:
# 9-13 (\t \n \v \f \r) and 32 (space); see _is_space.
# Characters str.split() splits on but bytes.split() does not: their presence
# sends a chunk down the slower, exact path.
_UNICODE_SPACE = re.compile("[\x1c-\x1f\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]")
PROGRESS_AFTER_SECONDS = 2.0


def open_binary(path):
    """Open ``path`` for reading bytes, decompressing gzip when it ends in ``.gz``."""
    path = Path(path)
    if not path.exists():
        raise InputFileError(
            "no such file; check the path (relative paths start from the current folder "
            f"{os.getcwd()}).", str(path))
    if path.is_dir():
        raise InputFileError("this is a folder, not a file; give the path of the file inside it.",
                             str(path))
    try:
        if path.suffix == ".gz":
            return gzip.open(path, "rb")
        return open(path, "rb")
    except OSError as error:
        raise InputFileError(f"the file cannot be opened ({error.strerror}); check the path and its "
                             "permissions.", str(path)) from None


def _read(handle, path: str, size: int = CHUNK_BYTES) -> bytes:
    try:
        return handle.read(size)
    except (OSError, EOFError) as error:
        raise InputFileError(
            f"the file could not be read as gzip ({error}); a file whose name ends in .gz must be "
            "gzip-compressed. Rename it or compress it with gzip.", path) from None


def _chunks(handle, path: str, size: int = CHUNK_BYTES):
    """Yield pieces of the file that end at a line break (the last may not)."""
    carry = b""
    first = True
    while True:
        block = _read(handle, path, size)
        if not block:
            if carry:
                yield carry
            return
        if first:
            first = False
            if block.startswith(BOM):
                block = block[len(BOM):]
        block = carry + block
        cut = block.rfind(b"\n")
        if cut < 0:
            carry = block
            continue
        carry = block[cut + 1:]
        yield block[:cut + 1]


def _is_space(a: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Whether each byte of ``a`` (uint8) is whitespace: 32, or 9 to 13.

    Two comparisons instead of a 256-entry lookup table: numpy's fancy indexing
    (``table[a]``) is about 10x slower than these element-wise operations. ``a - 9``
    wraps around for bytes below 9 (uint8), so ``a - 9 < 5`` is exactly 9 <= a <= 13.
    """
    out = np.equal(a, 32, out=out)
    out |= (a - np.uint8(9)) < 5
    return out


def _fields_per_line(chunk: bytes, sep: bytes | None) -> np.ndarray:
    """Number of fields on each line of ``chunk`` (0 for a blank line)."""
    a = np.frombuffer(chunk, dtype=np.uint8)
    if a.size == 0:
        return np.zeros(0, dtype=np.int32)
    ends = np.flatnonzero(a == 10)
    if a[-1] != 10:
        ends = np.append(ends, a.size - 1)
    firsts = np.r_[0, ends[:-1] + 1]
    space = _is_space(a)
    # A field starts where a non-space byte follows a space (or the chunk's start).
    starts = ~space
    starts[1:] &= space[:-1]
    n_words = np.add.reduceat(starts.view(np.int8), firsts, dtype=np.int32)
    if sep is None:
        return n_words
    n_separators = np.add.reduceat((a == sep[0]).view(np.int8), firsts, dtype=np.int32)
    return np.where(n_words > 0, n_separators + 1, 0)


def _line_text(chunk: bytes, index: int) -> str:
    line = chunk.split(b"\n")[index].rstrip(b"\r")
    text = line.decode("utf-8", errors="replace")
    return text if len(text) <= 120 else text[:117] + "..."


def _decode(chunk: bytes, path: str, first_line: int) -> str | None:
    """The chunk as text when ``str.split`` splits it exactly as trec_eval would, else None."""
    try:
        text = chunk.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + chunk.count(b"\n", 0, error.start)
        raise InputFileError(
            f"the file is not valid UTF-8 text (byte {chunk[error.start]:#04x}); save the file as "
            "UTF-8 (or plain ASCII).", path, [line]) from None
    if _UNICODE_SPACE.search(text):
        return None
    return text


def _split(chunk: bytes, text: str | None, sep: bytes | None) -> list[str]:
    if sep is None:
        if text is not None:
            return text.split()
        return [token.decode("utf-8") for token in chunk.split()]
    if text is None:
        text = chunk.decode("utf-8")
    lines = [line for line in text.replace("\r", "").split("\n") if line.strip()]
    return [field.strip() for field in sep.decode().join(lines).split(sep.decode())]


def read_columns(path, *, columns: int, extra_ok: bool, sep: bytes | None, what: str,
                 layout: str, progress: bool = False, keep: tuple[int, ...] | None = None):
    """Read the first ``columns`` fields of every non-blank line of a text table.

    Parameters
    ----------
    path : str or Path
        The file; ``.gz`` files are decompressed.
    columns : int
        The number of fields a line must have.
    extra_ok : bool
        Whether a line may have more fields (they are ignored, as trec_eval does).
    sep : bytes or None
        ``b","`` for CSV, None for any run of whitespace.
    what : str
        What the file should be ("TREC run"), for messages.
    layout : str
        The expected layout (``"qid Q0 docid rank score tag"``), for messages.
    progress : bool
        Print progress on stderr when reading takes more than a couple of seconds.
    keep : tuple of int, optional
        The columns to return (default: all); the others are checked for
        count only and dropped at once, which saves memory on large files.

    Returns
    -------
    fields : list of list of str
        One list per column (an empty list for a column not kept).
    lines : numpy.ndarray of int64
        The 1-based line number of each record.
    """
    path_text = str(path)
    fields: list[list[str]] = [[] for _ in range(columns)]
    keep = tuple(range(columns)) if keep is None else keep
    line_numbers = []
    first_line = 1
    started = time.monotonic()
    done = 0
    shown = False
    with open_binary(path) as handle:
        total = _size(path)
        for chunk in _chunks(handle, path_text):
            done += len(chunk)
            counts = _fields_per_line(chunk, sep)
            present = np.flatnonzero(counts)
            counts = counts[present]
            bad = counts < columns if extra_ok else counts != columns
            if bad.any():
                where = present[bad]
                n_fields = int(counts[bad][0])
                wanted = f"at least {columns}" if extra_ok else f"{columns}"
                raise InputFileError(
                    f"a {what} line has {wanted} fields ({layout}), but this one has "
                    f"{n_fields}: {_line_text(chunk, int(where[0]))!r}. Fix or delete the "
                    f"line{'s' if where.size > 1 else ''}; "
                    + ("fields are separated by commas." if sep else
                       "fields are separated by spaces or tabs and ids cannot contain spaces."),
                    path_text, (where + first_line).tolist())
            text = _decode(chunk, path_text, first_line)
            tokens = _split(chunk, text, sep)
            if counts.size and (counts == columns).all():
                for j in keep:
                    fields[j].extend(tokens[j::columns])
            elif counts.size:
                offsets = np.concatenate(([0], np.cumsum(counts)[:-1]))
                for j in keep:
                    fields[j].extend(tokens[i] for i in (offsets + j).tolist())
            del tokens
            line_numbers.append(present + first_line)
            first_line += chunk.count(b"\n")
            if progress and time.monotonic() - started > PROGRESS_AFTER_SECONDS:
                shown = True
                share = f" ({100 * done / total:.0f}%)" if total else ""
                print(f"\rreading {path_text}: {len(fields[keep[0]]):,} lines{share}",
                      end="", file=sys.stderr, flush=True)
    if shown:
        print(file=sys.stderr)
    lines = np.concatenate(line_numbers) if line_numbers else np.zeros(0, dtype=np.int64)
    if lines.size == 0:
        raise InputFileError(
            f"the file is empty (no non-blank lines); a {what} has one line per record: {layout}. "
            "Check that the right file was given and that it was fully written.", path_text)
    return fields, lines


def _size(path) -> int:
    path = Path(path)
    return 0 if path.suffix == ".gz" else path.stat().st_size


def to_numbers(values: list[str], lines: np.ndarray, path: str, column: str,
               fix: str) -> np.ndarray:
    """Parse a column of numbers, refusing text, NaN and infinities with their line numbers."""
    try:
        numbers = np.fromiter(map(float, values), dtype=np.float64, count=len(values))
    except ValueError:
        bad = [i for i, value in enumerate(values) if not _is_float(value)]
        raise InputFileError(
            f"the {column} {values[bad[0]]!r} is not a number; {fix}", path,
            lines[bad].tolist()) from None
    finite = np.isfinite(numbers)
    if not finite.all():
        bad = np.flatnonzero(~finite)
        raise InputFileError(
            f"the {column} is {values[bad[0]]!r}, but a {column} must be a finite number; {fix}",
            path, lines[bad].tolist())
    return numbers


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


# --- TREC files (whitespace-separated) as numpy arrays --------------------------------------
#
# The reader below never makes a Python object per line: each chunk is tokenised with
# numpy (where every field starts and ends), the wanted columns are copied out as
# fixed-width byte strings (numpy ``S`` dtype, as wide as the longest id: nothing is
# truncated, and ``S`` arrays compare and sort byte by byte, like C's strcmp), and the
# numeric column is parsed with one ``astype(float64)`` call (the same grammar as
# Python's ``float``). On any failure a slow, exact look at the chunk builds the message.

TREC_CHUNK_BYTES = 2 * 1024 * 1024  # small chunks keep the per-chunk temporaries small


def read_trec_columns(path, *, columns: int, extra_ok: bool, what: str, layout: str,
                      ids: tuple[int, ...], number: int, number_name: str, fix: str,
                      progress: bool = False):
    """Read a whitespace-separated TREC file into numpy arrays.

    Parameters
    ----------
    path : str or Path
        The file; ``.gz`` files are decompressed.
    columns : int
        The number of fields a line must have (at least, when ``extra_ok``).
    extra_ok : bool
        Whether a line may have more fields (ignored, as trec_eval does).
    what, layout : str
        What the file should be and its layout, for messages.
    ids : tuple of int
        The columns to return as byte strings (``S`` arrays).
    number : int
        The column to return as float64 (finite numbers only).
    number_name, fix : str
        The number column's name ("score") and how to fix a bad value, for messages.
    progress : bool
        Report progress on stderr when reading takes more than a couple of seconds.

    Returns
    -------
    id_columns : list of numpy.ndarray of bytes
        One ``S`` array per entry of ``ids``.
    numbers : numpy.ndarray of float64
    lines : numpy.ndarray of int
        The 1-based line number of each record.
    """
    path_text = str(path)
    pieces: list[list[np.ndarray]] = [[] for _ in range(len(ids) + 2)]
    n_records = 0
    first_line = 1
    report = _Progress(path_text, progress)
    with open_binary(path) as handle:
        total = _size(path)
        done = 0
        for chunk in _chunks(handle, path_text, TREC_CHUNK_BYTES):
            done += len(chunk)
            a = np.frombuffer(chunk, dtype=np.uint8)
            if a.size and a.max() >= 0x80:
                _check_utf8(chunk, path_text, first_line)
            starts, ends, first_field, counts, n_newlines = _tokenise(a)
            present = np.flatnonzero(counts)
            bad = counts[present] < columns if extra_ok else counts[present] != columns
            if bad.any():
                _raise_field_count(chunk, present[bad], counts[present][bad], first_line,
                                   columns, extra_ok, what, layout, path_text)
            first = first_field[present]
            for slot, column in enumerate(ids):
                pieces[slot].append(_fixed_width(a, starts[first + column], ends[first + column]))
            text = _fixed_width(a, starts[first + number], ends[first + number])
            lines = present + first_line
            pieces[-2].append(_parse_numbers(text, lines, path_text, number_name, fix))
            pieces[-1].append(lines.astype(np.int32 if lines.size == 0 or lines[-1] < 2**31
                                           else np.int64))
            n_records += present.size
            first_line += n_newlines  # (= chunk.count(b"\n"), already counted by _tokenise)
            report.update(n_records, done, total)
    report.finish(n_records)
    if n_records == 0:
        raise InputFileError(
            f"the file is empty (no non-blank lines); a {what} has one line per record: {layout}. "
            "Check that the right file was given and that it was fully written.", path_text)
    # Concatenate one column at a time, freeing its pieces, so the peak stays near one copy.
    out = []
    for slot in range(len(pieces)):
        out.append(np.concatenate(pieces[slot]) if len(pieces[slot]) > 1 else pieces[slot][0])
        pieces[slot] = []
    return out[:-2], out[-2], out[-1]


def _tokenise(a: np.ndarray):
    """Where every field of a chunk starts and ends, and which fields each line holds.

    Returns ``starts`` and ``ends`` (byte offsets; ``ends`` exclusive) of every field,
    ``first_field`` (index into ``starts`` of each line's first field) and ``counts``
    (fields per line; 0 for a blank line).
    """
    # Pad with a space on both sides; fields start where space -> non-space and end where
    # non-space -> space, so the changes alternate start, end, start, end, ...
    space = np.ones(a.size + 2, dtype=np.bool_)
    _is_space(a, out=space[1:-1])
    changes = np.flatnonzero(space[1:] != space[:-1])
    del space
    starts = changes[0::2]
    ends = changes[1::2]
    newlines = np.flatnonzero(a == 10)
    line_starts = np.r_[0, newlines + 1]
    if a.size == 0 or a[-1] == 10:
        line_starts = line_starts[:-1]  # no line after the final line break
    first_field = _first_fields(starts, line_starts)
    counts = np.diff(np.r_[first_field, starts.size])
    return starts, ends, first_field, counts, newlines.size


def _first_fields(starts: np.ndarray, line_starts: np.ndarray) -> np.ndarray:
    """``np.searchsorted(starts, line_starts)``: the index of each line's first field.

    The usual chunk has the same number ``c`` of fields on every line, so the answer
    is ``0, c, 2c, ...``; that guess is checked (two gathers, much cheaper than the
    search) and the search done only when it fails. The guess is right exactly when
    field ``k*c`` starts on or after line ``k``'s start and field ``k*c - 1`` before
    it, which is the definition of searchsorted's (left) answer for sorted ``starts``.
    """
    n_lines, n_fields = line_starts.size, starts.size
    if n_lines and n_fields and n_fields % n_lines == 0:
        guess = np.arange(0, n_fields, n_fields // n_lines)
        if (starts[guess] >= line_starts).all() and (starts[guess[1:] - 1] < line_starts[1:]).all():
            return guess
    return np.searchsorted(starts, line_starts)


def _fixed_width(a: np.ndarray, starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
    """The bytes a[starts[i]:ends[i]] of each field as one ``S`` array (zero-padded)."""
    lengths = ends - starts
    width = max(int(lengths.max()), 1) if lengths.size else 1
    out = np.zeros((starts.size, width), dtype=np.uint8)
    if lengths.size and lengths.min() == width:  # every field as long as the longest
        # Row i of the sliding-window view is a[i:i + width] (no copy); taking the rows
        # at ``starts`` copies whole rows, several times faster than gathering byte by byte.
        out[:] = np.lib.stride_tricks.sliding_window_view(a, width)[starts]
    else:
        for j in range(width):  # byte j of every field that long
            rows = np.flatnonzero(lengths > j)
            out[rows, j] = a[starts[rows] + j]
    return out.view(f"S{width}").ravel()


def _parse_numbers(text: np.ndarray, lines: np.ndarray, path: str, column: str,
                   fix: str) -> np.ndarray:
    """Parse an ``S`` array of numbers (Python's float grammar), refusing text, NaN and inf."""
    try:
        numbers = text.astype(np.float64)
    except ValueError:
        values = [value.decode("utf-8", errors="replace") for value in text.tolist()]
        return to_numbers(values, lines, path, column, fix)  # raises with the bad lines
    finite = np.isfinite(numbers)
    if not finite.all():
        bad = np.flatnonzero(~finite)
        raise InputFileError(
            f"the {column} is {text[bad[0]].decode('utf-8', errors='replace')!r}, but a {column} "
            f"must be a finite number; {fix}", path, lines[bad].tolist())
    return numbers


def _check_utf8(chunk: bytes, path: str, first_line: int) -> None:
    try:
        chunk.decode("utf-8")
    except UnicodeDecodeError as error:
        line = first_line + chunk.count(b"\n", 0, error.start)
        raise InputFileError(
            f"the file is not valid UTF-8 text (byte {chunk[error.start]:#04x}); save the file as "
            "UTF-8 (or plain ASCII).", path, [line]) from None


def _raise_field_count(chunk: bytes, where: np.ndarray, counts: np.ndarray, first_line: int,
                       columns: int, extra_ok: bool, what: str, layout: str, path: str):
    wanted = f"at least {columns}" if extra_ok else f"{columns}"
    raise InputFileError(
        f"a {what} line has {wanted} fields ({layout}), but this one has "
        f"{int(counts[0])}: {_line_text(chunk, int(where[0]))!r}. Fix or delete the "
        f"line{'s' if where.size > 1 else ''}; "
        "fields are separated by spaces or tabs and ids cannot contain spaces.",
        path, (where + first_line).tolist())


class _Progress:
    """Progress of a long read on stderr: live (\\r) on a terminal, else one final line.

    Nothing is printed unless reading has taken more than PROGRESS_AFTER_SECONDS, so
    small files (and the tests' stderr) stay quiet.
    """

    def __init__(self, path: str, enabled: bool):
        self.path = path
        self.enabled = enabled
        self.started = time.monotonic()
        self.live = enabled and sys.stderr.isatty()
        self.shown = False

    def update(self, records: int, done: int, total: int) -> None:
        if not self.live or time.monotonic() - self.started < PROGRESS_AFTER_SECONDS:
            return
        share = f" ({100 * done / total:.0f}%)" if total else ""
        print(f"\rreading {self.path}: {records / 1e6:.1f}M lines{share} ...", end="",
              file=sys.stderr, flush=True)
        self.shown = True

    def finish(self, records: int) -> None:
        seconds = time.monotonic() - self.started
        if not self.enabled or seconds < PROGRESS_AFTER_SECONDS:
            if self.shown:
                print(file=sys.stderr)
            return
        print(f"\rread {self.path}: {records:,} lines in {seconds:.1f} s", file=sys.stderr,
              flush=True)
