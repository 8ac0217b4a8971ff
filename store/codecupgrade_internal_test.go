package store

import (
	"context"
	"crypto/sha256"
	"path/filepath"
	"slices"
	"testing"

	"donations/api"
)

// A store of version 26 holds records compressed with zstd: upgraded, it
// restores each byte for byte, keeps compressing the records it stores
// next with that dictionary (a store holds records of one codec), and
// counts the JSON it holds as before.
func TestZstdStoreIsUpgradedAndKeepsItsDictionary(t *testing.T) {
	ctx := context.Background()
	list := demoDonations(t, 1200)
	path := filepath.Join(t.TempDir(), "zstd.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Put(ctx, list[:800]); err != nil {
		t.Fatal(err)
	}
	s.Close()
	asVersion26(t, ctx, path, list[:800])

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Put(ctx, list[800:]); err != nil {
		t.Fatal(err)
	}
	if kinds := columnTexts(t, s.db, `SELECT DISTINCT d.codec FROM records r JOIN records_dict d ON d.id = r.dict`); !slices.Equal(kinds, []string{codecZstd}) {
		t.Fatalf("the upgraded store's records are compressed with %v, want zstd alone", kinds)
	}
	var got []string
	if err := s.Window(ctx, Query{Sort: "id"}, 0, -1, func(raw []byte) error {
		got = append(got, string(raw))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want := raws(list)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("the upgraded store gives back %d records, not the %d it was given as they were sent", len(got), len(want))
	}
	if held := heldJSONOf(t, ctx, s); held != jsonBytes(list) {
		t.Fatalf("the store counts %d bytes of JSON held, want %d", held, jsonBytes(list))
	}
}

func raws(list []api.Donation) []string {
	var out []string
	for _, d := range list {
		out = append(out, string(d.Raw))
	}
	return out
}

func jsonBytes(list []api.Donation) int64 {
	var n int64
	for _, d := range list {
		n += int64(len(d.Raw))
	}
	return n
}

// heldJSONOf is the JSON the store counts itself holding.
func heldJSONOf(t *testing.T, ctx context.Context, s *Store) int64 {
	t.Helper()
	var held int64
	if err := s.db.QueryRowContext(ctx, `SELECT CAST(value AS INTEGER) FROM meta WHERE key = ?`, metaJSONBytes).Scan(&held); err != nil {
		t.Fatal(err)
	}
	return held
}

// asVersion26 makes the store at path, which holds list, as version 26
// made it: its records compressed with a zstd dictionary of the first
// 100 KB of them, no codec column, and the triggers that counted the
// JSON held then.
func asVersion26(t *testing.T, ctx context.Context, path string, list []api.Donation) {
	t.Helper()
	var dict []byte
	for _, d := range list {
		dict = append(dict, d.Raw...)
	}
	dict = dict[:zstdDictBytes]
	z, err := newCodec(1, codecZstd, dict)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(dict)
	stmts := []string{`DELETE FROM records_dict`}
	args := [][]any{nil}
	for _, d := range list {
		packed, err := z.pack(d.Raw)
		if err != nil {
			t.Fatal(err)
		}
		stmts, args = append(stmts, `UPDATE records SET dict = 1, raw = ? WHERE id = ?`), append(args, []any{packed, d.ID.Value})
	}
	stmts, args = append(stmts, `INSERT INTO records_dict (id, sum, bytes) VALUES (1, ?, ?)`), append(args, []any{sum[:], dict})
	for _, q := range slices.Concat(undoCodec()[2:], undoSearch()) {
		stmts, args = append(stmts, q), append(args, nil)
	}
	// Counted as the store held it before: the records rewritten here
	// moved the count by what the triggers of either version made of them.
	stmts = append(stmts, `INSERT OR REPLACE INTO meta (key, value) VALUES ('`+metaJSONBytes+`', ?)`, `PRAGMA user_version = 26`)
	args = append(args, []any{jsonBytes(list)}, nil)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for i, q := range stmts {
		if _, err := s.db.ExecContext(ctx, q, args[i]...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}
