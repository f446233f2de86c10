r"""io's speed machinery, fenced: one replaceable unit behind this interface.

Reading a large file into the array form (:mod:`rankbook.io.arrays`) fast takes bit-level
work that a reader of the textbook does not need to follow: numbers parsed from their
bytes, many at a time; ids kept as bytes in two forms and hashed; (topic, document) keys
sorted per topic. All of it lives in this sub-package, and the rest of io uses it only
through the names below (``tests/house/test_structure.py`` checks the fence: nothing
outside :mod:`rankbook.io` imports it, nothing in io imports its private modules).

**The contract**: whatever the input, the fast path gives what the line reader gives, the
same records (ids byte for byte, numbers bit for bit) or the same refusal (a
`rankbook.InputFileError` naming the same lines), tested as a unit by
``tests/io/test_fast_contract.py`` on the fuzz corpus of ``tests/io/test_fuzz_readers.py``.
Another implementation (a compiled one, pyarrow's CSV reader) can replace this one if it
passes that test.

| name | what |
| --- | --- |
| `read_trec_columns`, `trec_chunks` | a TREC file's id columns, number column and line numbers, whole or by chunks |
| `check_bytes` | the byte rules both readers share (UTF-8, no NUL, no CR inside a line) |
| `number_list` | numbers one by one with C's ``strtod`` (the line reader's numbers) |
| `read_bytes`, `fast_table`, `fast_qrels`, `FlagrTable`, `positions` | FLAGR's usual file in one numpy pass (None: the line reader reads it) |
| `Tokens`, `byte_ids`, `pick`, `repeat_ids`, `id_bytes`, `join_pieces`, `blocks`, `topic_codes`, `take`, `byte_order` | the id forms: build, select, compare, order, number topics |
| `has_duplicate_pairs` | whether a (query, doc) pair occurs twice |
| `join_grades` | each run row's grade from the judgment with the same (topic, doc) |

Private modules: `_table` (splitting TREC text, the byte checks), `_numbers` and `_short_numbers`
(numbers from bytes), `_csv` (FLAGR's usual file), `_ids` (the id forms, topic codes, hash
keys), `_tokens` and `_token_buffer` (long ids as one buffer plus offsets), `_join` (the
hash join).
"""

from rankbook.io.fast._csv import FlagrTable, fast_qrels, fast_table, positions, read_bytes
from rankbook.io.fast._ids import (blocks, byte_ids, has_duplicate_pairs, id_bytes, join_pieces,
                                   pick, repeat_ids, topic_codes)
from rankbook.io.fast._join import join_grades
from rankbook.io.fast._numbers import number_list
from rankbook.io.fast._table import check_bytes, read_trec_columns, trec_chunks
from rankbook.io.fast._tokens import Tokens, byte_order, take

__all__ = [
    "FlagrTable", "Tokens", "blocks", "byte_ids", "byte_order", "check_bytes", "fast_qrels", "fast_table",
    "has_duplicate_pairs", "id_bytes", "join_grades", "join_pieces", "number_list", "pick",
    "positions", "read_bytes", "read_trec_columns", "repeat_ids", "take",
    "topic_codes", "trec_chunks",
]
