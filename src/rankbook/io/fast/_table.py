r"""Read a text table, keeping every line's number and every id byte for byte.

Two layouts, one set of rules about bytes (the readers' contract, tested by
``tests/io/test_fuzz_readers.py`` against an independent parser):

- **Lines** end at LF. A CR is allowed only at the end of a line (CRLF, or trailing
  white space); a CR with more text after it on the same line is refused, naming the
  line (a file with CR-only line ends, which trec_eval reads as one line, is refused
  rather than half-read). A UTF-8 byte-order mark at the very start is skipped. A line
  of ASCII white space only is blank and skipped.
- **Bytes**: the file must be UTF-8; a NUL byte is refused (C programs such as
  trec_eval end a string at NUL, so no reading of such an id agrees with them; a
  UTF-16 file, full of NULs, gets this message).
- **TREC** (:func:`read_trec_columns`): fields are separated by runs of ASCII white
  space: space, tab, vertical tab, form feed (and CR, at a line's end): the bytes of
  C's ``isspace`` that trec_eval splits on, LF aside. Every other byte, including
  non-ASCII white space (U+00A0, U+3000) and the separators 0x1C-0x1F, belongs to a field.
- **CSV** (FLAGR; read line by line by :func:`rankbook.io.flagr.read_csv_columns`, the
  usual file in one numpy pass by :mod:`rankbook.io.fast._csv`): fields are separated by commas; ASCII
  white space (space, tab, VT, FF, CR) around a field is not part of it, everything else
  is; an empty field is refused.

Numbers follow :mod:`rankbook.io.fast._numbers` (C's ``strtod`` in ASCII, whole field).
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

from rankbook._errors import InputFileError, caller_stacklevel
from rankbook.io.fast import _ids, _tokens
from rankbook.io.fast._numbers import gather, integer_parts, number_fields, padded_bytes
from rankbook.io._source import Progress, chunks, open_binary, path_text, total_size

TREC_CHUNK_BYTES = 2 * 1024 * 1024  # small chunks keep the per-chunk temporaries small
CSV_CHUNK_BYTES = 16 * 1024 * 1024


def is_space(a: np.ndarray, out: np.ndarray | None = None) -> np.ndarray:
    """Whether each byte of ``a`` (uint8) is ASCII white space: 32, or 9 to 13.

    Two comparisons instead of a 256-entry lookup table: numpy's fancy indexing
    (``table[a]``) is about 10x slower than these element-wise operations. ``a - 9``
    wraps around for bytes below 9 (uint8), so ``a - 9 < 5`` is exactly 9 <= a <= 13.
    """
    out = np.equal(a, 32, out=out)
    out |= (a - np.uint8(9)) < 5
    return out


def line_text(chunk: bytes, index: int) -> str:
    """Line ``index`` (0-based) of ``chunk``, shortened, for a message."""
    line = chunk.split(b"\n")[index].rstrip(b"\r")
    text = line.decode("utf-8", errors="replace")
    return text if len(text) <= 120 else text[:117] + "..."


def check_bytes(a: np.ndarray, chunk: bytes, path: str, first_line: int) -> None:
    """Refuse invalid UTF-8, a NUL byte, or a CR followed by text on its line."""
    def line_of(position: int) -> int:
        return first_line + chunk.count(b"\n", 0, position)

    if a.size and a.max() >= 0x80:
        try:
            chunk.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InputFileError(
                f"the file is not valid UTF-8 text (byte {chunk[error.start]:#04x}); save the "
                "file as UTF-8 (or plain ASCII).", path, [line_of(error.start)]) from None
    if a.size and a.min() == 0:  # (a reduction: cheaper than finding every byte)
        nul = np.flatnonzero(a == 0)
        raise InputFileError(
            "the line holds a NUL byte (\\0), which no id or number may contain (C programs "
            "such as trec_eval cut a string at NUL); the file may be binary, or UTF-16: save "
            "it as UTF-8 text.", path, sorted({line_of(int(p)) for p in nul[:5].tolist()}))
    bad_cr = _cr_inside_lines(a)
    if bad_cr.size:
        raise InputFileError(
            "the line holds a carriage return (CR, \\r) followed by more text: the file seems "
            "to end its lines with CR alone (old Mac style), which trec_eval reads as one long "
            "line. Convert the line ends to LF (e.g. tr '\\r' '\\n' < old > new) or CRLF.",
            path, sorted({line_of(int(p)) for p in bad_cr[:5].tolist()}))


def _cr_inside_lines(a: np.ndarray) -> np.ndarray:
    """Positions of CRs with a byte other than white space between them and the line's end."""
    cr = np.flatnonzero(a == 13)
    if cr.size == 0:
        return cr
    nxt = np.append(a, np.uint8(10))[cr + 1]
    cr = cr[nxt != 10]  # CRLF, the usual case, is fine at once
    if cr.size == 0:
        return cr
    # The first byte after the CR that is not (non-LF) white space must be LF or the end.
    content = np.flatnonzero(~is_space(a) | (a == 10))
    after = np.searchsorted(content, cr)
    inside = after < content.size
    inside[inside] = a[content[after[inside]]] != 10
    return cr[inside]


# --- TREC files (whitespace-separated) as numpy arrays --------------------------------------
#
# No Python object per line: each chunk is tokenised with numpy (where every field starts
# and ends), the id columns are copied out byte for byte, as fixed-width byte strings
# (numpy ``S`` arrays) when the chunk's ids are short or even, else as Tokens (one
# buffer plus offsets, so a long id costs its own bytes, not rows x its length; see
# rankbook.io.arrays). Both compare and sort byte by byte like C's strcmp; NUL, which
# S arrays would drop at an id's end, is refused above. The number column is parsed by
# rankbook.io.fast._numbers.


def read_trec_columns(path, *, progress: bool = False, **layout):
    """Read a whitespace-separated TREC file into numpy arrays, in one pass (arguments: see
    :func:`trec_chunks`): the id columns (one per entry of ``ids``), the numbers (float64),
    the 1-based line number of each record, and the ``name_column`` field of the first record."""
    pieces: list[list[np.ndarray]] = []
    first_name = None
    for read, name in trec_chunks(path, progress=progress, **layout):
        pieces = pieces or [[] for _ in read]
        for slot, piece in enumerate(read):
            pieces[slot].append(piece)
        first_name = name if first_name is None else first_name
    out = _concatenate(pieces)
    return out[:-2], out[-2], out[-1], first_name


def trec_chunks(path, *, columns: int, extra_ok: bool, what: str, layout: str,
                ids: tuple[int, ...], number: int, number_name: str, fix: str,
                progress: bool = False, name_column: int | None = None,
                integer_part: bool = False):
    """Yield a whitespace-separated TREC file as arrays, one chunk (about 2 MB) at a time.

    The reading of :func:`read_trec_columns`, piece by piece: every line is checked as it
    comes (the same errors, naming the file and line), the empty file is refused at the
    end, and the ``integer_part`` note is given once the file is read.

    Parameters
    ----------
    path : str, bytes or os.PathLike
        The file; gzip data is decompressed. A FIFO or pipe is read once.
    columns : int
        The number of fields a line must have (at least, when ``extra_ok``).
    extra_ok : bool
        Whether a line may have more fields (ignored, as trec_eval does).
    what, layout : str
        What the file should be and its layout, for messages.
    ids : tuple of int
        The columns to return as ids (``S`` arrays or Tokens, see :mod:`rankbook.io.fast._ids`).
    number : int
        The column to return as float64 (finite numbers only).
    number_name, fix : str
        The number column's name ("score") and how to fix a bad value, for messages.
    progress : bool
        Report progress on stderr when reading takes more than a couple of seconds.
    name_column : int, optional
        A column whose value on the first record is returned as text (the run's tag).
    integer_part : bool
        Read the numbers as C's ``atol`` does (trec_eval's grades: ``2.5`` is 2, ``1e1``
        is 1, ``0x10`` is 0; :func:`rankbook.io.fast._numbers.integer_parts`), with a
        ``UserWarning`` naming the first line where that changed a value.

    Yields
    ------
    columns, name : list of numpy.ndarray, str or None
        The chunk's id columns, numbers and 1-based line numbers; the ``name_column``
        field of the chunk's first record (None if not asked or the chunk has none).
    """
    spec = _Spec(path_text(path), columns, extra_ok, what, layout, ids, number, number_name,
                 fix, name_column, integer_part)
    n_records = done = 0
    first_line = 1
    with open_binary(path) as handle:
        report = Progress(spec.path, progress, total_size(handle))
        for chunk in chunks(handle, spec.path, TREC_CHUNK_BYTES):
            done += len(chunk)
            read, n_newlines, name = _read_chunk(chunk, first_line, spec)
            n_records += read[-1].size
            first_line += n_newlines
            report.update(n_records, done)
            yield read, name
    report.finish(n_records)
    if n_records == 0:
        raise InputFileError(
            f"the file is empty (no non-blank lines); a {what} has one line per record: {layout}. "
            "Check that the right file was given and that it was fully written.", spec.path)
    if spec.changed:
        _note_integer_parts(spec)


def _note_integer_parts(spec: "_Spec") -> None:
    """Warn that numbers were read as atol reads them, naming the first line it changed."""
    count = sum(n for n, _ in spec.changed)
    line, text, value = spec.changed[0][1]
    warnings.warn(
        f"{spec.path}: {count} {spec.number_name}(s) are read as trec_eval reads them, with "
        f"C's atol (the digits before any other character: '2.5' is 2, '1e1' is 1, '0x10' is "
        f"0), which is not the number written; first at line {line}: {text!r} read as "
        f"{value}. Write {spec.number_name}s as whole numbers such as 0, 1 or 2.",
        stacklevel=caller_stacklevel())


def _concatenate(pieces: list[list]) -> list:
    """Each column's pieces as one column, a column at a time (the peak stays near one copy).

    The last two columns are numbers and line numbers; the others ids (either form).
    """
    out = []
    for slot in range(len(pieces)):
        if slot < len(pieces) - 2:
            out.append(_ids.join_pieces(pieces[slot]))
        else:
            out.append(np.concatenate(pieces[slot]) if len(pieces[slot]) > 1 else pieces[slot][0])
        pieces[slot] = []
    return out


@dataclass
class _Spec:
    """What read_trec_columns was asked for (see its parameters)."""

    path: str
    columns: int
    extra_ok: bool
    what: str
    layout: str
    ids: tuple
    number: int
    number_name: str
    fix: str
    name_column: int | None
    integer_part: bool = False
    changed: list = field(default_factory=list)  # (count, (line, text, value)) per chunk


def _read_chunk(chunk: bytes, first_line: int, spec: _Spec):
    """One chunk's id columns, numbers and line numbers; its line breaks; the name.

    An id column is an ``S`` array when that fits the chunk's ids
    (:func:`rankbook.io.fast._ids.fixed_fits`), else Tokens (:mod:`rankbook.io.fast._ids`
    explains both forms).
    """
    padded = padded_bytes(chunk)
    a = padded[:len(chunk)]
    check_bytes(a, chunk, spec.path, first_line)
    starts, ends, first_field, counts, n_newlines = _tokenise(a)
    present = np.flatnonzero(counts)
    bad = counts[present] < spec.columns if spec.extra_ok else counts[present] != spec.columns
    if bad.any():
        _raise_field_count(chunk, present[bad], counts[present][bad], first_line, spec)
    first = first_field[present]
    lines = present + first_line
    out = []
    for slot, column in enumerate(spec.ids):
        begin, end = starts[first + column], ends[first + column]
        lengths = end - begin
        if begin.size and not _ids.fixed_fits(int(lengths.max()), int(lengths.sum()),
                                                begin.size):
            out.append(_tokens.from_fields(a, begin, end))
            continue
        matrix = gather(a, begin, end, padded)
        out.append(matrix.view(f"S{matrix.shape[1]}").ravel())
    name = None
    if spec.name_column is not None and present.size:
        at = first[0] + spec.name_column
        name = chunk[starts[at]:ends[at]].decode("utf-8")
    begin, end = starts[first + spec.number], ends[first + spec.number]
    values = number_fields(a, begin, end, lines, spec.path, spec.number_name, spec.fix, padded)
    if spec.integer_part:
        changed = integer_parts(a, begin, end, values, padded)
        if changed.size:
            i = int(changed[0])
            spec.changed.append((changed.size, (int(lines[i]), chunk[begin[i]:end[i]].decode(),
                                                int(values[i]))))
    out.append(values)
    out.append(lines.astype(np.int32 if lines.size == 0 or lines[-1] < 2**31 else np.int64))
    return out, n_newlines, name


def _tokenise(a: np.ndarray):
    """Where every field of a chunk starts and ends, and which fields each line holds.

    Returns ``starts`` and ``ends`` (byte offsets; ``ends`` exclusive) of every field,
    ``first_field`` (index into ``starts`` of each line's first field), ``counts``
    (fields per line; 0 for a blank line) and the number of line breaks.
    """
    # Pad with a space on both sides; fields start where space -> non-space and end where
    # non-space -> space, so the changes alternate start, end, start, end, ...
    space = np.ones(a.size + 2, dtype=np.bool_)
    is_space(a, out=space[1:-1])
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


def _raise_field_count(chunk: bytes, where: np.ndarray, counts: np.ndarray, first_line: int,
                       spec: _Spec):
    wanted = f"at least {spec.columns}" if spec.extra_ok else f"{spec.columns}"
    raise InputFileError(
        f"a {spec.what} line has {wanted} fields ({spec.layout}), but this one has "
        f"{int(counts[0])}: {line_text(chunk, int(where[0]))!r}. Fix or delete the "
        f"line{'s' if where.size > 1 else ''}; "
        "fields are separated by spaces or tabs and ids cannot contain spaces.",
        spec.path, (where + first_line).tolist())
