"""Many runs (issue 21, part 2): ``rb.evaluate_many`` and ``rankbook eval -j N QRELS RUN...``.

The oracle is the single-run evaluation (``rb.evaluate`` on each run alone, itself held to
trec_eval's published outputs elsewhere): every engine must give each run's result value
for value and, in trec_eval's layout, byte for byte, with the same notes. A run that
fails stops everything with its error (file and line), never a partial result.
"""

from __future__ import annotations

import warnings

import pytest
from scale_runs import qrels_text, run_text, write

from rankbook import InputFileError, InvalidValueError
from rankbook.cli import main
from rankbook.evaluation import evaluate, evaluate_many, format_trec
from rankbook.evaluation.many import expand_runs

N_RUNS = 20
MEASURES = ["map", "bpref", "iprec_at_recall", "ndcg", "recip_rank", "num_ret"]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A qrels and 20 runs (plain and gzip) in a folder."""
    folder = tmp_path_factory.mktemp("many")
    qrels = write(folder / "qrels.txt", qrels_text(7, topics=25))
    runs_dir = folder / "runs"
    runs_dir.mkdir()
    runs = [write(runs_dir / f"run{i:02d}{'.gz' if i % 3 == 0 else ''}",
                  run_text(100 + i, topics=25), gz=i % 3 == 0) for i in range(N_RUNS)]
    return qrels, runs_dir, runs


def alone(qrels, run, **options) -> tuple[str, list]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        text = format_trec(evaluate(qrels, run, ["map", "P@10", "ndcg_cut.10", "relstring.5",
                                                 "num_rel"], **options), header=True)
    return text, [str(w.message) for w in caught]


@pytest.mark.parametrize("engine, n_jobs", [("serial", None), ("processes", 2)])
def test_each_run_as_if_alone(corpus, engine, n_jobs):
    qrels, _, runs = corpus
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        results = evaluate_many(qrels, runs, ["map", "P@10", "ndcg_cut.10", "relstring.5",
                                              "num_rel"], engine=engine, n_jobs=n_jobs,
                                complete=True)
    expected = [alone(qrels, run, complete=True) for run in runs]
    assert [format_trec(r, header=True) for r in results] == [e[0] for e in expected]
    assert [str(w.message) for w in caught] == [note for e in expected for note in e[1]]
    for result, run in zip(results, runs):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            assert result.equals(evaluate(qrels, run, ["map", "P@10", "ndcg_cut.10",
                                                       "relstring.5", "num_rel"], complete=True))


def test_stream_in_every_process(corpus):
    qrels, _, runs = corpus
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        results = evaluate_many(qrels, runs[:4], MEASURES, n_jobs=2, stream=True,
                                judged_only=True, max_docs=30, trec_eval="10")
        expected = [evaluate(qrels, run, MEASURES, judged_only=True, max_docs=30,
                             trec_eval="10") for run in runs[:4]]
    assert [format_trec(r) for r in results] == [format_trec(e) for e in expected]


def test_folders_and_globs_in_name_order(corpus, tmp_path):
    _, runs_dir, runs = corpus
    assert expand_runs(runs_dir) == sorted(runs)
    assert expand_runs(str(runs_dir / "*.gz")) == sorted(r for r in runs if r.endswith(".gz"))
    assert expand_runs([runs[3], str(runs_dir / "run1*")]) == \
        [runs[3], *sorted(r for r in runs if r.split("/")[-1].startswith("run1"))]
    (tmp_path / ".hidden").write_text("x")
    (tmp_path / "sub").mkdir()
    with pytest.raises(InvalidValueError, match="no run to evaluate"):
        expand_runs(tmp_path)
    with pytest.raises(InvalidValueError, match="no file matches the pattern"):
        expand_runs(str(tmp_path / "*.run"))


@pytest.mark.parametrize("engine", ["serial", "processes"])
def test_a_failing_run_stops_everything_with_its_error(corpus, tmp_path, engine):
    qrels, _, runs = corpus
    bad = write(tmp_path / "bad.run", run_text(1, topics=25) + "t001 Q0 D0001 1 high sys1\n")
    line = len(run_text(1, topics=25).splitlines()) + 1
    with pytest.raises(InputFileError) as caught:
        evaluate_many(qrels, [*runs[:5], bad, *runs[5:9]], "map", engine=engine, n_jobs=2)
    assert str(caught.value).startswith(f"{bad}, line {line}: ")
    assert caught.value.path == bad and caught.value.lines == (line,)


def test_bad_options_are_refused(corpus):
    qrels, _, runs = corpus
    with pytest.raises(InvalidValueError, match="engine must be one of"):
        evaluate_many(qrels, runs, engine="threads")
    with pytest.raises(InvalidValueError, match="n_jobs must be a positive whole number"):
        evaluate_many(qrels, runs, n_jobs=0)


def test_cli_j_prints_each_run_as_alone(corpus, capsys):
    # each run's block is what it prints alone, after its runid line (the run's label)
    qrels, runs_dir, runs = corpus
    expected = ""
    for run in sorted(runs):
        assert main(["eval", "-q", "-m", "map", "-m", "P.5,10", qrels, run]) == 0
        tag = f"sys{100 + int(str(run).split('run')[-1][:2])}"  # run_text's tag
        expected += f"runid                 \tall\t{tag}\n" + capsys.readouterr().out
    assert main(["eval", "-j", "2", "-q", "-m", "map", "-m", "P.5,10", qrels,
                 str(runs_dir)]) == 0
    assert capsys.readouterr().out == expected
    assert main(["eval", "-j", "2", "-q", "-m", "map", "-m", "P.5,10", qrels,
                 *sorted(runs)]) == 0
    assert capsys.readouterr().out == expected
