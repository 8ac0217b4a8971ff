package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"errors"

	"github.com/klauspost/compress/zstd"
)

// A small store's fixed costs (its schema, its dictionary, the last,
// part-filled page of each of its fifty tables and indexes) are a larger
// part of it than of a large one, enough to take a small store past its
// JSON even compacted (docs/performance.md, "The local store"). Its
// records are what can shrink: compressed again with the
// same dictionary by zstd's "better" level they are smaller than S2's
// (and than zstd's fastest, which later records get), though many times
// slower to make, since each restores the dictionary's tables. So a store
// that takes more than its JSON once compacted (see shrink), by no more
// than that saves, and holds little enough that it costs little more than
// a second, has its S2 records compressed so, once: zstd is a codec every
// store version reads, so the store's format stays as it is. A store too
// small to come within its JSON so keeps its records as they are.

// tightBelow is the most JSON a store holds whose records are compressed
// again (about ten thousand demo donations): at that size a store
// compacted is within its JSON, and beyond it the fixed costs are a small
// part of it: what takes it past its JSON is gifts removed, which
// compaction recovers.
const tightBelow = 12 << 20

// tightSaves is the part of its S2 records' bytes (1 in tightSaves) that
// compressing them again saves at the least, rounded down from what it
// saves on demo donations.
const tightSaves = 6

// tighten compresses again with zstd's better level the records of a
// store holding at most tightBelow of JSON that its S2 dictionary
// compressed, under a zstd dictionary of the same bytes, which replaces
// it, when that would save the over bytes the store takes beyond its
// JSON. It reports whether it did.
func (s *Store) tighten(ctx context.Context, conn *sql.Conn, json, over int64) (bool, error) {
	if json > tightBelow {
		return false, nil
	}
	var made *codec
	err := s.writeOn(ctx, conn, func(tx *sql.Tx) error {
		var err error
		made, err = s.tightenIn(ctx, tx, over)
		return err
	})
	if err != nil || made == nil {
		return false, err
	}
	s.codecs.add(made)
	return true, nil
}

// tightenIn is tighten's transaction: the new dictionary's codec, or nil
// when the store has no S2 dictionary or it would not save over bytes.
func (s *Store) tightenIn(ctx context.Context, tx *sql.Tx, over int64) (*codec, error) {
	var old, id int64
	err := tx.QueryRowContext(ctx, `SELECT id, (SELECT max(id) + 1 FROM records_dict) FROM records_dict WHERE codec = ? ORDER BY id DESC LIMIT 1`, codecS2).Scan(&old, &id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	held, err := heldWith(ctx, tx, old)
	if err != nil {
		return nil, err
	}
	var packed int64
	for _, r := range held {
		packed += int64(len(r.raw))
	}
	if packed/tightSaves < over {
		return nil, nil
	}
	from, err := s.codec(ctx, tx, old)
	if err != nil {
		return nil, err
	}
	var stored []byte
	if err := tx.QueryRowContext(ctx, `SELECT bytes FROM records_dict WHERE id = ?`, old).Scan(&stored); err != nil {
		return nil, err
	}
	// An S2 dictionary is its first match's offset, then its bytes.
	_, n := binary.Uvarint(stored)
	dict := stored[n:]
	sum := sha256.Sum256(dict)
	if _, err := tx.ExecContext(ctx, `INSERT INTO records_dict (id, sum, bytes, codec) VALUES (?, ?, ?, ?)`, id, sum[:], dict, codecZstd); err != nil {
		return nil, err
	}
	if err := s.packTighter(ctx, tx, held, from, id, dict); err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM records_dict WHERE id = ?`, old); err != nil {
		return nil, err
	}
	return newCodec(id, codecZstd, dict)
}

// packTighter stores again the records held, which from compressed, with
// zstd's better level and dictionary id, of the bytes dict.
func (s *Store) packTighter(ctx context.Context, tx *sql.Tx, held []heldRecord, from *codec, id int64, dict []byte) error {
	enc, err := zstdEncoder(id, dict, zstd.SpeedBetterCompression, 1)
	if err != nil {
		return err
	}
	defer enc.Close()
	update, err := tx.PrepareContext(ctx, `UPDATE records SET dict = ?, raw = ? WHERE id = ?`)
	if err != nil {
		return err
	}
	defer update.Close()
	for _, r := range held {
		raw, err := s.unpack(ctx, tx, r.id, from.id, r.raw, from)
		if err != nil {
			return err
		}
		if _, err := update.ExecContext(ctx, id, zstdPack(enc, raw), r.id); err != nil {
			return err
		}
	}
	return nil
}
