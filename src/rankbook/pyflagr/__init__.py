r"""PyFLAGR's API over rankbook's methods: switch with one import line.

``import pyflagr.Linear as Linear`` becomes ``import rankbook.pyflagr.Linear as
Linear``; the classes, their parameters, spellings and defaults, and the two
DataFrames of ``aggregate()`` are PyFLAGR 1.0.18's. Each class is a thin adapter:
it names a function of `rankbook.aggregate` (called with ``convention="flagr"``
through `rankbook.fuse`) and evaluates with FLAGR's rules
(`rankbook.evaluation.flagr.evaluate_flagr`); no method's arithmetic is here.

| module | classes | rankbook |
| --- | --- | --- |
| `Linear` | ``CombSUM``, ``CombMNZ``, ``BordaCount``, ``SimpleBordaCount`` | ``combsum``, ``combmnz`` |
| `Majoritarian` | ``CondorcetWinners``, ``CopelandWinners``, ``OutrankingApproach`` | ``condorcet``, ``copeland``, ``outranking`` |
| `MarkovChains` | ``MC1``, ``MC2``, ``MC3``, ``MC4``, ``MCT`` (and their base ``MC``) | ``mc1`` ... ``mct`` |
| `Kemeny` | ``KemenyOptimal`` | ``kemeny`` |
| `RRA` | ``RRA`` | ``rra``, ``rra_exact`` |
| `Weighted` | ``PreferenceRelationsGraph``, ``Agglomerative``, ``DIBRA`` | ``prefrel``, ``agglomerative``, ``dibra`` |
| `Comparator` | ``Comparator`` | the above, side by side |
| `RAM` | ``RAM``, the base class | `rankbook.fuse` |

The input lists may have FLAGR's 6 columns or the 5 of FLAGR's own sample
(PyFLAGR 1.0.18 reads those as empty lists), and a bad file, value or
spelling is refused with a message, when the object is built where possible.
The docs page "Coming from PyFLAGR" lists every difference.
"""
