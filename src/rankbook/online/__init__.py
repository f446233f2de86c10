r"""Online evaluation: compare rankers with the clicks of real (or simulated) users.

A ground-floor package, beside `rankbook.stats`: plain functions over plain inputs (ranked
lists of document ids, clicks as one 0 or 1 per rank, grades), no files and no topics. Every
randomised method takes a ``seed`` (a whole number or a `numpy.random.Generator`) and has an
exact counterpart that enumerates every list it can show with its probability, as a
`fractions.Fraction` where the probabilities are rational.

| module | what it holds |
| --- | --- |
| `balanced` | balanced interleaving (Joachims, 2003) |
| `team_draft` | team-draft interleaving (Radlinski, Kurup and Joachims, 2008) and multileaving (Schuth et al., 2014) |
| `probabilistic` | probabilistic interleaving (Hofmann, Whiteson and de Rijke, 2011) and multileaving (Schuth et al., 2015): the lists |
| `probabilistic_credit` | their credit, marginalised over the rankers that may have drawn each document |
| `optimized` | optimized interleaving (Radlinski and Craswell, 2013): allowed lists, credits, the linear program |
| `outcomes` | the exact outcome distribution of a comparison under a click model; simulations |
| `click_models` | simulated users: position-based, cascade, dependent click and DBN models (Chuklin, Markov and de Rijke, 2015) |
| `counterfactual` | inverse propensity scoring of logged clicks (Joachims, Swaminathan and Schnabel, 2017) and its self-normalised form |

`Interleaving` is the shown list with the team of each document (``teams`` is None for
methods without teams).

Examples
--------
>>> from rankbook import online
>>> online.team_draft_interleave(["d1", "d2", "d3"], ["d2", "d3", "d1"], seed=0)
Interleaving(documents=('d1', 'd2', 'd3'), teams=(0, 1, 0))
"""

from rankbook.online._common import Interleaving
from rankbook.online.balanced import (
    balanced_distribution,
    balanced_interleave,
    balanced_outcome,
)
from rankbook.online.click_models import (
    ClickModel,
    cascade,
    click_pattern_probabilities,
    click_probabilities,
    dbn,
    dcm,
    examination_probabilities,
    pbm,
    sample_clicks,
)
from rankbook.online.counterfactual import (
    ips_estimate,
    position_based_propensities,
    snips_estimate,
)
from rankbook.online.optimized import (
    MAX_LENGTH,
    allowed_interleavings,
    list_sensitivity,
    optimized_credit,
    optimized_distribution,
    optimized_interleave,
    optimized_outcome,
)
from rankbook.online.outcomes import (
    METHODS,
    expected_outcome,
    outcome_distribution,
    pairwise_preferences,
    preference_probabilities,
    simulate_outcomes,
    win_probabilities,
)
from rankbook.online.probabilistic import (
    probabilistic_distribution,
    probabilistic_interleave,
    probabilistic_multileave,
    probabilistic_multileave_distribution,
    softmax_probabilities,
)
from rankbook.online.probabilistic_credit import (
    probabilistic_assignments,
    probabilistic_credit,
    probabilistic_outcome,
    probabilistic_rank_posteriors,
)
from rankbook.online.team_draft import (
    team_draft_credit,
    team_draft_distribution,
    team_draft_interleave,
    team_draft_multileave,
    team_draft_multileave_distribution,
    team_draft_outcome,
)

__all__ = [
    "Interleaving",
    "balanced_interleave", "balanced_distribution", "balanced_outcome",
    "team_draft_interleave", "team_draft_distribution", "team_draft_outcome",
    "team_draft_multileave", "team_draft_multileave_distribution", "team_draft_credit",
    "softmax_probabilities", "probabilistic_interleave", "probabilistic_distribution",
    "probabilistic_multileave", "probabilistic_multileave_distribution",
    "probabilistic_assignments", "probabilistic_rank_posteriors", "probabilistic_outcome",
    "probabilistic_credit",
    "allowed_interleavings", "optimized_credit", "list_sensitivity", "optimized_distribution",
    "optimized_interleave", "optimized_outcome", "MAX_LENGTH",
    "METHODS", "outcome_distribution", "expected_outcome", "win_probabilities",
    "preference_probabilities", "pairwise_preferences", "simulate_outcomes",
    "ClickModel", "pbm", "cascade", "dcm", "dbn", "click_probabilities",
    "examination_probabilities", "click_pattern_probabilities", "sample_clicks",
    "position_based_propensities", "ips_estimate", "snips_estimate",
]
