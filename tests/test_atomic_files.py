"""Files written whole or not at all; damaged settings and identity files kept aside, not lost."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from client.net.identity import IdentityStore, default_identity_path
from client.play.settings import Settings, load_settings, save_settings
from server.config import default_db_path
from shared.files.atomic import TEMP_PATTERN, replacing, set_aside, write_text

URL = "ws://127.0.0.1:1"


def names(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


# ------------------------------------------------------------------------------ atomic writes


def test_a_write_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path):
    target = tmp_path / "deep" / "record.jsonl"
    write_text(target, "one\n")
    write_text(target, "two\n")
    assert target.read_text() == "two\n"
    assert names(target.parent) == {"record.jsonl"}
    assert target.stat().st_mode & 0o777 == 0o644


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary_one(tmp_path):
    target = tmp_path / "map.map"
    target.write_text("old")
    with pytest.raises(RuntimeError):
        with replacing(target) as temp:
            temp.write_text("half a ma")
            assert TEMP_PATTERN.match(temp.name) and temp.parent == tmp_path
            raise RuntimeError("disk full")
    assert target.read_text() == "old"
    assert names(tmp_path) == {"map.map"}


def test_a_write_into_a_path_that_cannot_be_a_folder_fails_cleanly(tmp_path):
    (tmp_path / "file").write_text("x")
    with pytest.raises(OSError):
        write_text(tmp_path / "file" / "out.txt", "data")
    assert names(tmp_path) == {"file"}


def test_the_mode_of_an_existing_file_is_kept_and_can_be_chosen(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("x")
    target.chmod(0o640)
    write_text(target, "y")
    assert target.stat().st_mode & 0o777 == 0o640
    write_text(target, "z", mode=0o600)
    assert target.stat().st_mode & 0o777 == 0o600


def test_set_aside_never_overwrites_an_earlier_corrupt_copy(tmp_path):
    for n in range(3):
        (tmp_path / "settings.json").write_text(f"bad {n}")
        set_aside(tmp_path / "settings.json")
    assert names(tmp_path) == {"settings.json.corrupt", "settings.json.corrupt.1", "settings.json.corrupt.2"}
    assert (tmp_path / "settings.json.corrupt.2").read_text() == "bad 2"


# ------------------------------------------------------------------------------ settings


def test_damaged_settings_are_kept_aside_reported_and_replaced_by_the_defaults(tmp_path):
    said: list[str] = []
    (tmp_path / "settings.json").write_bytes(b'{"name": "Ada", "wid')
    assert load_settings(tmp_path, report=said.append) == Settings()
    assert (tmp_path / "settings.json.corrupt").read_bytes() == b'{"name": "Ada", "wid'
    assert len(said) == 1 and "settings.json.corrupt" in said[0] and "\n" not in said[0]
    save_settings(Settings(name="Ada"), tmp_path)
    assert load_settings(tmp_path, report=said.append).name == "Ada"
    assert len(said) == 1 and names(tmp_path) == {"settings.json", "settings.json.corrupt"}


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"[1, 2]", b"null"])
def test_settings_that_are_not_a_json_object_are_kept_aside(tmp_path, content):
    said: list[str] = []
    (tmp_path / "settings.json").write_bytes(content)
    assert load_settings(tmp_path, report=said.append) == Settings()
    assert (tmp_path / "settings.json.corrupt").read_bytes() == content and len(said) == 1


def test_a_missing_settings_file_is_not_a_problem(tmp_path):
    said: list[str] = []
    assert load_settings(tmp_path, report=said.append) == Settings()
    assert said == [] and names(tmp_path) == set()


# ------------------------------------------------------------------------------ identity


def test_each_name_is_its_own_account_and_a_new_name_never_renames_another(tmp_path):
    path = tmp_path / "identity.json"
    store = IdentityStore(path)
    store.remember(URL, name="Ann", token="a" * 32, seats={"g1": "s1"})
    store.remember(URL, name="Bob", token="b" * 32)
    again = IdentityStore(path)
    assert again.account(URL, "Ann") == {"name": "Ann", "token": "a" * 32, "seats": {"g1": "s1"}}
    assert again.account(URL, "Bob") == {"name": "Bob", "token": "b" * 32, "seats": {}}
    assert again.account(URL, "Cy") == {"name": "Cy", "token": None, "seats": {}}
    assert again.last_name(URL) == "Bob" and again.server(URL)["token"] == "b" * 32
    assert again.account("ws://elsewhere:1", "Ann")["token"] is None
    assert path.stat().st_mode & 0o077 == 0


def test_a_token_the_server_renamed_moves_to_the_new_name(tmp_path):
    store = IdentityStore(tmp_path / "identity.json")
    store.remember(URL, name="Ann", token="t" * 32)
    store.remember(URL, name="Annie", token="t" * 32)
    assert store.account(URL, "Ann")["token"] is None and store.account(URL, "Annie")["token"] == "t" * 32


def test_two_clients_saving_at_once_keep_each_others_accounts(tmp_path):
    path = tmp_path / "identity.json"
    first, second = IdentityStore(path), IdentityStore(path)
    first.remember(URL, name="Ann", token="a" * 32)
    second.remember(URL, name="Bob", token="b" * 32)
    first.remember(URL, name="Ann", seats={"g": "s"})
    merged = IdentityStore(path)
    assert merged.account(URL, "Ann") == {"name": "Ann", "token": "a" * 32, "seats": {"g": "s"}}
    assert merged.account(URL, "Bob")["token"] == "b" * 32


def test_a_version_1_identity_file_is_read_as_one_account(tmp_path):
    path = tmp_path / "identity.json"
    path.write_text(json.dumps({"servers": {URL: {"name": "Ann", "token": "t", "seats": {"g": "s"}}}}))
    store = IdentityStore(path)
    assert store.last_name(URL) == "Ann"
    assert store.account(URL, "Ann") == {"name": "Ann", "token": "t", "seats": {"g": "s"}}


@pytest.mark.parametrize("content", [b"not json", b'{"servers": [1]}', b"\xff\xff"])
def test_a_damaged_identity_file_is_kept_aside_and_reported(tmp_path, content):
    path = tmp_path / "identity.json"
    path.write_bytes(content)
    said: list[str] = []
    store = IdentityStore(path, report=said.append)
    assert store.server(URL) == {"name": None, "token": None, "seats": {}}
    assert (tmp_path / "identity.json.corrupt").read_bytes() == content
    assert len(said) == 1 and "identity.json.corrupt" in said[0]
    store.remember(URL, name="Ann", token="t")
    assert IdentityStore(path).account(URL, "Ann")["token"] == "t"


def test_an_account_in_use_by_another_process_cannot_be_claimed(tmp_path):
    path = tmp_path / "identity.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys; from pathlib import Path; from client.net.identity import "
         f"IdentityStore; s = IdentityStore(Path({str(path)!r})); assert s.claim({URL!r}, 'Ann'); "
         "print('held', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=Path(__file__).parent.parent)
    try:
        assert holder.stdout.readline().strip() == "held"
        store = IdentityStore(path)
        assert not store.claim(URL, "Ann")
        assert store.claim(URL, "Bob")
        store.release()
    finally:
        holder.communicate("", timeout=10)
    assert IdentityStore(path).claim(URL, "Ann")  # the claim ends with the process that made it


# ------------------------------------------------------------------------------ the user's own folders


def test_the_test_suite_keeps_config_and_data_in_temporary_folders():
    config, data = Path(os.environ["SCRYPTIC_CONFIG_DIR"]), Path(os.environ["SCRYPTIC_DATA_DIR"])
    temp = Path(tempfile.gettempdir()).resolve()
    assert temp in config.resolve().parents and temp in data.resolve().parents
    assert default_identity_path() == config / "identity.json"
    assert default_db_path() == data / "server.sqlite3"
    from client.play.settings import settings_path

    assert settings_path() == config / "settings.json"
