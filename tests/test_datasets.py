"""rankbook.datasets: FLAGR's sample data and Breuer et al.'s per-topic scores ship with the
package (issue 23, and issue 29: the Breuer notebook downloaded from the site, or opened in
JupyterLite, stopped in its first cell with FileNotFoundError ../tests/data/breuer2020/...)."""

from __future__ import annotations

import fnmatch
import hashlib
from pathlib import Path

import pytest

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10: pip ships the same parser
    from pip._vendor import tomli as tomllib

from rankbook import InputFileError, InvalidValueError, datasets

# tests/data/flagr/README.md: the files as published in lakritidis/FLAGR, examples/testdata/.
SHA256 = {
    "testdata.csv": "f68fb045d5f0a6beb547a4392c22816d23d96def18bc17c68462cabf883977ff",
    "testdata_qrels.csv": "a6d2306f193849093b58099680f4a77303cb676eb4c9cb8c11c130f7abe01650",
}
# The files of irgroup/sigir2020-measure-reproducibility (commit 8a44294), copied unchanged
# (tests/data/breuer2020/README.md).
BREUER_SHA256 = {
    "rpd/org_wcrobust0405_ap.csv": "aea8c90a9faaab7cab7f37b0c26c936e8a9378c4972b6b47d2f0cfa40978da7b",
    "rpd/org_wcrobust0405_ndcg1000.csv": "da5c420b574ce0f08d82433fc8fc77df8e3410b84b4da343dd4f0d059ae4132d",
    "rpd/org_wcrobust0405_p10.csv": "85d6c5fba240901ddf512eacb118c7cd0f44e362d52ee855c5be184af7be0caf",
    "rpd/org_wcrobust04_ap.csv": "31f0ed6891907f8bf1a3c745cf20a1f3fd3437903c401a6d62758189f374e8ad",
    "rpd/org_wcrobust04_ndcg1000.csv": "63ea281fcdbf7fcde534e63dc481e3dff27fed40d1c4f5640dbcb9a356f54cad",
    "rpd/org_wcrobust04_p10.csv": "3e09fec7ab9fb17f3ef0f62a97ec6bcec9ab0ec71be47e24e46d36d3d089f1d5",
    "rpd/rpd_wcrobust0405_ap.csv": "61f7ba77b182992516218567a654025c3fd226deff73625195a705915d93a026",
    "rpd/rpd_wcrobust0405_ndcg1000.csv": "7a2f2ac627a6731dc85517023d62cbb52dcb721a7168af6f2901fb803a7e7013",
    "rpd/rpd_wcrobust0405_p10.csv": "a83f0159efedc67644e1e2f3a57ee9dbdd6eb7c727254e957ee83b10a9837ff7",
    "rpd/rpd_wcrobust04_ap.csv": "90fe88c23891e3ca5e4b47f23e3cc2426c76783d9b1ad1ac7cb9d59b75c76dac",
    "rpd/rpd_wcrobust04_ndcg1000.csv": "76878804232748a20242537752b2e0df7b71b2b6545e48ced6beeb84ea66da82",
    "rpd/rpd_wcrobust04_p10.csv": "ecb3d6c2ae90936fcfd7f90408990177737ecefdea4f0c3cba2a246e5e26da25",
    "rpl/rpl_wcrobust0405_ap.csv": "8267ca60b29ad217c8ecd7b830590930775837a4974008647fd73e8981f62a70",
    "rpl/rpl_wcrobust0405_ndcg1000.csv": "81426c980b42af6872191a2ee1d45aad63f49805b166edeadd5410af744af791",
    "rpl/rpl_wcrobust0405_p10.csv": "19a3969df8afa744ca856e7608e2407606407e5f26ccefc2a9b3a17013e25288",
    "rpl/rpl_wcrobust04_ap.csv": "cbc58b1d8ea4c3b2eae9f606fc4d1f6949d70e3194ceebd4f7ff3ff5cc11f729",
    "rpl/rpl_wcrobust04_ndcg1000.csv": "fbdb26196f26b4b17e453be54d9b17301e2045dec1b127ac6a9c86b8f4369107",
    "rpl/rpl_wcrobust04_p10.csv": "edf2f7d4079fc38b3dfff10f4773f64ca748b1fa07b6f03f06a528460c2a868d",
}
ROOT = Path(__file__).resolve().parents[1]
PACKAGE_DATA = ROOT / "src" / "rankbook" / "data"


def test_flagr_sample_is_the_published_files_inside_the_package():
    lists, qrels = datasets.flagr_sample()
    package = Path(datasets.__file__).resolve().parent
    for path in (lists, qrels):
        assert package in path.resolve().parents, f"{path} is not inside the package"
        assert hashlib.sha256(path.read_bytes()).hexdigest() == SHA256[path.name]


def test_the_tests_read_the_same_files():
    lists, qrels = datasets.flagr_sample()
    for path in (lists, qrels):
        copy = ROOT / "tests" / "data" / "flagr" / path.name
        assert copy.resolve() == path.resolve(), f"{copy} should link to {path}"


def test_the_wheel_ships_every_file_of_the_package_data():
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))[
        "tool"]["setuptools"]["package-data"]["rankbook"]
    files = [path.relative_to(PACKAGE_DATA.parent).as_posix()
             for path in PACKAGE_DATA.rglob("*") if path.is_file()]
    # FLAGR's two, Breuer et al.'s, cwl_eval's three, and a README each
    assert len(files) == 2 + 1 + len(BREUER_SHA256) + 1 + 3 + 1
    left_out = [name for name in files if not any(fnmatch.fnmatch(name, g) for g in globs)]
    assert left_out == [], f"pyproject.toml's package-data leaves out {left_out}"


def test_missing_files_give_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(datasets.resources, "files", lambda package: tmp_path)
    with pytest.raises(InputFileError) as info:
        datasets.flagr_sample()
    message = str(info.value)
    assert "testdata.csv" in message and "github.com/lakritidis/FLAGR" in message
    assert str(tmp_path) in message


def test_breuer2020_is_the_published_files_inside_the_package():
    folder = PACKAGE_DATA / "breuer2020"
    found = {path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
             for path in folder.glob("*/*.csv")}
    assert found == BREUER_SHA256
    for name in BREUER_SHA256:            # the tests and the docs read them through links
        copy = ROOT / "tests" / "data" / "breuer2020" / name
        assert copy.resolve() == (folder / name).resolve(), f"{copy} should link to {folder / name}"


@pytest.mark.parametrize("part, run, shape", [
    ("rpl", "wcrobust0405", (50, 51)), ("rpl", "wcrobust04", (50, 51)),
    ("org", "wcrobust0405", (50, 1)), ("rpd", "wcrobust0405", (25, 50)),
    ("rpd", "wcrobust04", (25, 58))])
def test_breuer2020_scores_tables(part, run, shape):
    table = datasets.breuer2020_scores(part, run, "ap")
    assert table.shape == shape
    assert table.index.name == "topic" and all(isinstance(t, str) for t in table.index)
    assert table.notna().all().all() and ((table >= 0) & (table <= 1)).all().all()


def test_breuer2020_scores_give_the_published_means():
    # Breuer et al. 2020, online appendix, Table 1 row WCrobust0405 (ARP P@10, AP, nDCG) and
    # Table 2 row rpd_tf_1 (file run 45): the means of these columns, printed with 4 decimals.
    printed = {("rpl", "WCrobust0405"): ("0.7500", "0.4278", "0.6956"),
               ("rpd", "rpd_wcrobust0405_45"): ("0.4920", "0.2341", "0.5065")}
    assert datasets.BREUER2020_RUN_NUMBERS["tf_1"] == 45
    for (part, column), cells in printed.items():
        means = [datasets.breuer2020_scores(part, "wcrobust0405", m)[column].mean()
                 for m in ("p10", "ap", "ndcg1000")]
        assert [f"{mean:.4f}" for mean in means] == list(cells)


def test_breuer2020_run_numbers_name_twenty_distinct_columns():
    numbers = datasets.BREUER2020_RUN_NUMBERS
    assert len(numbers) == 20 and len(set(numbers.values())) == 20
    columns = datasets.breuer2020_scores("rpd", "wcrobust0405", "p10").columns
    assert all(f"rpd_wcrobust0405_{k}" in columns for k in numbers.values())


@pytest.mark.parametrize("args, named", [
    (("rpx", "wcrobust04", "ap"), "part='rpx'"), (("rpl", "WCrobust04", "ap"), "run='WCrobust04'"),
    (("rpl", "wcrobust04", "P@10"), "measure='P@10'")])
def test_breuer2020_bad_arguments_are_named(args, named):
    with pytest.raises(InvalidValueError, match=named):
        datasets.breuer2020_scores(*args)


def test_breuer2020_missing_file_gives_a_clear_error(monkeypatch, tmp_path):
    monkeypatch.setattr(datasets.resources, "files", lambda package: tmp_path)
    with pytest.raises(InputFileError) as info:
        datasets.breuer2020_scores("rpd", "wcrobust04", "p10")
    message = str(info.value)
    assert "rpd/rpd_wcrobust04_p10.csv missing" in message
    assert "github.com/irgroup/sigir2020-measure-reproducibility" in message
    assert str(tmp_path / "data" / "breuer2020") in message
