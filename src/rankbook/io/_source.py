"""Open a path once and read it in pieces that end at a line break.

Every reader goes through here, so every way a path can fail to give bytes ends in
one `rankbook.InputFileError` that names the file and says how to fix it:

| what | message |
| --- | --- |
| no such file, a folder, a name too long, a part of the path that is a file | names the cause |
| no permission to read the file or a folder on its path | says so |
| gzip data that is fake, corrupt or cut short (`BadGzipFile`, `zlib.error`, `EOFError`) | says so, with `gzip -t` |

Gzip is recognised by its first two bytes (``1f 8b``: no text file starts so), so a
compressed file is read whatever its name, and a name ending in ``.gz`` whose bytes are
not gzip is refused. Other compressions (bzip2, xz, zstd, zip, compress) are recognised
by their signatures too (:data:`OTHER_COMPRESSIONS`) and refused with the command that
decompresses them, rather than called "not valid UTF-8". The file is read exactly once, front to back: a FIFO, a pipe
(``<(zcat run.gz)``) or a character device works like a regular file.
"""

from __future__ import annotations

import errno
import gzip
import io
import os
import re
import stat
import sys
import time
import zlib

from rankbook._errors import InputFileError, InvalidTypeError

BOM = b"\xef\xbb\xbf"
GZIP_MAGIC = b"\x1f\x8b"
HEAD_BYTES = 10  # enough for every signature below
# what the file is: (its signature, the command that decompresses it). bzip2's signature
# is "BZh", the block size 1-9, then a block's or the end's magic (pi's or sqrt(pi)'s digits).
OTHER_COMPRESSIONS = {
    "bzip2-compressed": (re.compile(rb"BZh[1-9](?:1AY&SY|\x17rE8P\x90)"), "bunzip2 -k FILE"),
    "xz-compressed": (re.compile(rb"\xfd7zXZ\x00"), "unxz -k FILE"),
    "zstd-compressed": (re.compile(rb"\x28\xb5\x2f\xfd"), "unzstd FILE"),
    "zip-compressed": (re.compile(rb"PK\x03\x04"), "unzip FILE"),
    "compressed with Unix compress (.Z)": (re.compile(rb"\x1f\x9d"), "uncompress FILE"),
}


def path_text(path) -> str:
    """The path as text (``str``, ``bytes`` and ``os.PathLike`` are accepted), for messages."""
    if isinstance(path, bytes):
        return os.fsdecode(path)
    try:
        text = os.fspath(path)
    except TypeError:
        raise InvalidTypeError(
            f"a file must be given as a path (str or pathlib.Path), got {type(path).__name__}.") \
            from None
    return os.fsdecode(text) if isinstance(text, bytes) else text


def open_binary(path):
    """Open ``path`` for reading bytes (decompressing gzip data), or raise InputFileError.

    The first HEAD_BYTES bytes are read (not peeked: a pipe may deliver them one at a
    time) and put back in front of the stream, so nothing is read twice.
    """
    name = path_text(path)
    if "\0" in name:
        raise InputFileError("the path holds a NUL character (\\0), which no file name can "
                             "contain; check how the path was built.", name.replace("\0", "\\0"))
    try:
        handle = open(name, "rb")  # noqa: SIM115 (closed with the returned stream)
    except OSError as error:
        shown = name if len(name) <= 200 else name[:100] + "..." + name[-20:]
        raise InputFileError(_open_failure(error, name), shown) from None
    try:
        head = handle.read(HEAD_BYTES)
    except OSError as error:
        handle.close()
        raise InputFileError(_open_failure(error, name), name) from None
    compression = other_compression(head)
    if compression is not None:
        handle.close()
        command = OTHER_COMPRESSIONS[compression][1]
        raise InputFileError(
            f"the file is {compression} (its first bytes are that format's signature), and "
            f"rankbook reads plain text or gzip only; decompress it first ({command}) or "
            "recompress it with gzip.", name)
    if name.endswith(".gz") and head and head[:2] != GZIP_MAGIC:
        handle.close()
        raise InputFileError(
            "the name ends in .gz but the file is not gzip-compressed (it does not start with "
            "the gzip bytes 1f 8b); rename it without .gz or compress it with gzip.", name)
    stream = io.BufferedReader(_Prefixed(head, handle))
    return _Gzip(stream) if head[:2] == GZIP_MAGIC else stream


def other_compression(head: bytes) -> str | None:
    """The compression (other than gzip) whose signature starts ``head``, or None."""
    for compression, (signature, _) in OTHER_COMPRESSIONS.items():
        if signature.match(head):
            return compression
    return None


class _Prefixed(io.RawIOBase):
    """``prefix`` followed by the rest of ``handle``; closing it closes ``handle``."""

    def __init__(self, prefix: bytes, handle):
        self.prefix, self.handle = prefix, handle

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.prefix:
            n = min(len(buffer), len(self.prefix))
            buffer[:n], self.prefix = self.prefix[:n], self.prefix[n:]
            return n
        return self.handle.readinto(buffer)

    def fileno(self) -> int:
        return self.handle.fileno()

    def close(self) -> None:
        self.handle.close()
        super().close()


class _Gzip(gzip.GzipFile):
    """A GzipFile that also closes the stream it reads (GzipFile leaves a given one open)."""

    def __init__(self, stream):
        super().__init__(fileobj=stream, mode="rb")
        self.stream = stream

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.stream.close()


def _open_failure(error: OSError, name: str) -> str:
    """What went wrong when opening ``name``, and the fix."""
    if isinstance(error, FileNotFoundError):
        return ("no such file; check the path (relative paths start from the current folder "
                f"{os.getcwd()}).")
    if isinstance(error, IsADirectoryError):
        return "this is a folder, not a file; give the path of the file inside it."
    if isinstance(error, NotADirectoryError):
        return "a part of the path that should be a folder is a file; check the path."
    if isinstance(error, PermissionError):
        return ("permission denied: you may not read this file or a folder on its path; check "
                "the permissions (ls -ld on the file and each folder above it).")
    if error.errno == errno.ENAMETOOLONG:
        return (f"the path is too long for the file system ({len(os.fsencode(name)):,} bytes); "
                "check that a file name, not the file's content, was given.")
    return f"the file cannot be opened ({error.strerror or error}); check the path."


def read_block(handle, name: str, size: int) -> bytes:
    """Up to ``size`` bytes, turning every decompression or read failure into InputFileError."""
    try:
        return handle.read(size)
    except (EOFError, zlib.error, gzip.BadGzipFile) as error:
        raise InputFileError(
            f"the gzip data is corrupt or cut short ({error or type(error).__name__}); the file may "
            "be incompletely downloaded or copied. Check it with 'gzip -t FILE' and fetch or "
            "compress it again.", name) from None
    except OSError as error:
        if error.errno == errno.EISDIR:
            raise InputFileError("this is a folder, not a file; give the path of the file "
                                 "inside it.", name) from None
        raise InputFileError(f"the file could not be read ({error.strerror or error}).",
                             name) from None


def chunks(handle, name: str, size: int):
    """Yield pieces of the file that end at a line break (the last one may not).

    A UTF-8 byte-order mark at the very start is dropped. A line longer than
    ``size`` is gathered from several reads (joined once, so a long line costs
    linear time).
    """
    pending: list[bytes] = []
    first = True
    while True:
        block = read_block(handle, name, size)
        if not block:
            if pending:
                yield b"".join(pending)
            return
        if first:
            while len(block) < len(BOM) and BOM.startswith(block):  # a read may be short
                more = read_block(handle, name, size)
                if not more:
                    break
                block += more
            first = False
            block = block.removeprefix(BOM)
        cut = block.rfind(b"\n")
        if cut < 0:
            pending.append(block)
            continue
        pending.append(block[:cut + 1])
        yield b"".join(pending)
        pending = [block[cut + 1:]] if cut + 1 < len(block) else []


def total_size(handle) -> int:
    """Bytes in a regular uncompressed file (0 when unknown: gzip, pipes), for progress."""
    if isinstance(handle, gzip.GzipFile):
        return 0  # (the compressed size says little about the text's)
    try:
        status = os.fstat(handle.fileno())
    except (OSError, AttributeError, ValueError):
        return 0
    return status.st_size if stat.S_ISREG(status.st_mode) else 0


PROGRESS_AFTER_SECONDS = 2.0


class Progress:
    """Progress of a long read on stderr: live (\\r) on a terminal, else one final line.

    Nothing is printed unless reading has taken more than PROGRESS_AFTER_SECONDS, so
    small files (and the tests' stderr) stay quiet.
    """

    def __init__(self, path: str, enabled: bool, total: int = 0):
        self.path = path
        self.enabled = enabled
        self.total = total
        self.started = time.monotonic()
        self.live = enabled and sys.stderr.isatty()
        self.shown = False

    def update(self, records: int, done: int) -> None:
        if not self.live or time.monotonic() - self.started < PROGRESS_AFTER_SECONDS:
            return
        share = f" ({100 * done / self.total:.0f}%)" if self.total else ""
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
