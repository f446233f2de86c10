"""The id forms compared: numpy ``S`` arrays (today) vs Tokens (rankbook.io.fast._tokens) vs pyarrow.

    .venv/bin/python benchmarks/bench_ids.py                 # 1M and 5M document ids, 3 rounds
    .venv/bin/python benchmarks/bench_ids.py --lines 1000000 --long-id 1048576

For a synthetic run's document column (ids ``DOC-0123456``, 1,000 per topic, tokenised in
2 MB chunks as the reader does) it times, per million ids, in one process (median of the
rounds, the forms interleaved), the four things the batch evaluator does with ids:

| step | ``S`` (today) | ``tokens`` (rankbook.io.fast._tokens) | ``pyarrow`` (if importable) |
| --- | --- | --- | --- |
| form | copy the fields out as an ``S`` array | ``from_fields`` + ``concat`` | the same, wrapped as ``large_binary`` (no copy) |
| hash | ``batch._hash_ids`` | ``hash_tokens`` (``chunked``: ``hash_fields`` per chunk) | (inside dictionary_encode) |
| codes | ``np.unique(return_inverse=True)`` | ``encode`` | ``dictionary_encode`` |
| order of 100k | stable ``argsort`` of 100,000 ids | ``byte_order`` of them | ``sort_indices`` |

and the memory of each form (``nbytes``). ``--long-id N`` puts one id of N bytes in the
column: the ``S`` form is skipped when it would need more than 4 GiB (its size is printed).
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from rankbook.evaluation.batch import _hash_ids, _words
from rankbook.io.fast._numbers import gather
from rankbook.io.fast._table import _tokenise
from rankbook.io.fast._tokens import (
    byte_order,
    concat,
    encode,
    from_fields,
    hash_fields,
    hash_tokens,
    take,
)

CHUNK = 2 * 1024 * 1024


def make_chunks(lines: int, long_id: int) -> list[bytes]:
    rng = np.random.default_rng(7)
    docs = rng.integers(0, 5_000_000, lines)
    text = "".join(f"{i // 1000} Q0 DOC-{d:07d} {i % 1000 + 1} 1.000 run\n"
                   for i, d in enumerate(docs.tolist()))
    data = text.encode()
    if long_id:
        cut = data.index(b"\n", len(data) // 2) + 1
        data = data[:cut] + b"1 Q0 " + b"x" * long_id + b" 1 1.0 run\n" + data[cut:]
    out, start = [], 0
    while start < len(data):
        end = data.rfind(b"\n", start, start + CHUNK) + 1 or len(data)
        if end <= start:
            end = data.index(b"\n", start) + 1
        out.append(data[start:end])
        start = end
    return out


def columns(chunks):
    """Per chunk: the byte array and the starts and ends of the document field."""
    out = []
    for chunk in chunks:
        a = np.frombuffer(chunk, dtype=np.uint8)
        starts, ends, first, counts, _ = _tokenise(a)
        present = np.flatnonzero(counts)
        out.append((a, starts[first[present] + 2], ends[first[present] + 2]))
    return out


def timed(out: dict, step: str, function, *args):
    started = time.perf_counter()
    result = function(*args)
    out[step] = time.perf_counter() - started
    return result


def s_steps(parts, sample):
    out = {}

    def form():
        pieces = []
        for a, s, e in parts:
            m = gather(a, s, e)
            pieces.append(m.view(f"S{m.shape[1]}").ravel())
        return np.concatenate(pieces)
    ids = timed(out, "form", form)
    timed(out, "hash", _hash_ids, ids, _words(ids))
    timed(out, "codes", np.unique, ids, False, False, True)
    timed(out, "order of 100k", np.argsort, ids[sample], -1, "stable")
    return ids.nbytes, out


def token_steps(parts, sample):
    out = {}
    tokens = timed(out, "form", lambda: concat([from_fields(a, s, e) for a, s, e in parts]))
    timed(out, "hash", hash_tokens, tokens)
    timed(out, "codes", encode, tokens)
    timed(out, "order of 100k", lambda: byte_order(take(tokens, sample)))
    return tokens.data.nbytes + tokens.offsets.nbytes, out


def chunk_steps(parts, sample):
    """Tokens as phase 2 would build them: each chunk's ids hashed in place (hash_fields)."""
    out = {}
    tokens = timed(out, "form", lambda: concat([from_fields(a, s, e) for a, s, e in parts]))
    timed(out, "hash", lambda: np.concatenate([hash_fields(a, s, e) for a, s, e in parts]))
    return tokens.data.nbytes + tokens.offsets.nbytes, out


def arrow_steps(parts, sample):
    import pyarrow as pa
    import pyarrow.compute as pc

    out = {}

    def form():
        tokens = concat([from_fields(a, s, e) for a, s, e in parts])
        return tokens, pa.LargeBinaryArray.from_buffers(
            pa.large_binary(), len(tokens), [None, pa.py_buffer(tokens.offsets),
                                             pa.py_buffer(tokens.data)])
    tokens, array = timed(out, "form", form)
    timed(out, "codes", pc.dictionary_encode, array)
    timed(out, "order of 100k", lambda: pc.sort_indices(array.take(pa.array(sample))))
    return tokens.data.nbytes + tokens.offsets.nbytes, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, nargs="+", default=[1_000_000, 5_000_000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--long-id", type=int, default=0)
    args = parser.parse_args()
    steps = {"S": s_steps, "tokens": token_steps, "chunked": chunk_steps}
    try:
        import pyarrow  # noqa: F401

        steps["pyarrow"] = arrow_steps
    except ImportError:
        print("pyarrow is not installed: skipped")
    for lines in args.lines:
        parts = columns(make_chunks(lines, args.long_id))
        sample = np.sort(np.random.default_rng(1).choice(lines, min(lines, 100_000), replace=False))
        width = max(int((e - s).max()) for _, s, e in parts)
        print(f"\n{lines:,} document ids, longest {width:,} bytes")
        chosen = dict(steps)
        if lines * width > 4 * 2**30:
            print(f"  S: skipped, it would take {lines * width / 2**30:.1f} GiB")
            chosen.pop("S")
        results = {name: [] for name in chosen}
        for _ in range(args.rounds):
            for name, step in chosen.items():  # interleaved
                results[name].append(step(parts, sample))
        for name, runs in results.items():
            per_million = 1e6 / lines
            cells = ", ".join(f"{step} {statistics.median(r[1][step] for r in runs) * per_million:.3f}"
                              for step in runs[0][1])
            total = [sum(r[1].values()) * per_million for r in runs]
            print(f"  {name:<8} form {runs[0][0] / 2**20:6.1f} MiB; s per million ids: {cells}; "
                  f"total {statistics.median(total):.3f} (min {min(total):.3f}, max {max(total):.3f})")


if __name__ == "__main__":
    main()
