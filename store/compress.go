package store

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/klauspost/compress/zstd"

	"donations/api"
)

// A store on disk keeps each record compressed with zstd against a
// dictionary of its own: the bytes of the first records it stored
// (dictBytes of them), kept in table records_dict. Records of one account
// share their field names, forms, currencies and the shape of their
// values, so a record of 1.2 KB takes about a fifth of that. Measured on
// 100,000 demo records, a raw dictionary of the first records compressed
// them to 0.196 of their size, one built by klauspost's dict package to
// 0.273, and none to 0.57.
//
// The format (schemaVersion 8): records.dict is 0 for a record kept as the
// server sent it (in memory, or before the store held dictBytes of them),
// else the id of the dictionary in records_dict; records.raw is then a
// zstd frame made with that dictionary as raw content, its dictionary id
// the same, without its four-byte magic number, which every frame shares.

// dictBytes is how many bytes of the first records make the dictionary.
const dictBytes = 100 << 10

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// codec compresses and restores records with one dictionary. Its encoder
// is made when a record is first compressed: a command that only reads
// does not pay the milliseconds its tables take.
type codec struct {
	id  int64
	dec *zstd.Decoder
	enc func() (*zstd.Encoder, error)
}

func newCodec(id int64, dict []byte) (*codec, error) {
	// One decoder: a record takes microseconds, and each more would cost
	// its buffers on every start.
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(uint32(id), dict), zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(uint64(api.DefaultMaxBody)))
	if err != nil {
		return nil, err
	}
	enc := sync.OnceValues(func() (*zstd.Encoder, error) {
		return zstd.NewWriter(nil, zstd.WithEncoderDictRaw(uint32(id), dict), zstd.WithEncoderLevel(zstd.SpeedFastest),
			// One encoder for each record compressed at once: pages are
			// compressed beside the writer (see prepared).
			zstd.WithEncoderCRC(false), zstd.WithSingleSegment(true), zstd.WithEncoderConcurrency(runtime.GOMAXPROCS(0)+1),
			// A record's literals are kept as they are: the Huffman table
			// made for each record of about 1 KB was over a quarter of the
			// CPU compressing it took (BenchmarkPack) and saved 0.6 % of
			// its size. Each record is a frame of its own, decompressed
			// alone, so the rest of the cost (restoring the dictionary's
			// tables for each) stays.
			zstd.WithNoEntropyCompression(true))
	})
	return &codec{id: id, dec: dec, enc: enc}, nil
}

// pack is raw compressed, without the magic number.
func (c *codec) pack(raw []byte) ([]byte, error) {
	enc, err := c.enc()
	if err != nil {
		return nil, err
	}
	return enc.EncodeAll(raw, nil)[len(zstdMagic):], nil
}

// unpack restores a record pack made.
func (c *codec) unpack(packed []byte) ([]byte, error) {
	return c.dec.DecodeAll(append(append(make([]byte, 0, len(zstdMagic)+len(packed)), zstdMagic...), packed...), nil)
}

// codecs are a store's dictionaries, read once each.
type codecs struct {
	mu sync.Mutex
	by map[int64]*codec
}

// errDictionary says a record's dictionary is missing or damaged.
var errDictionary = errors.New("dictionary")

// get is dictionary id's codec, read from q the first time.
func (cs *codecs) get(ctx context.Context, q querier, id int64) (*codec, error) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if c, ok := cs.by[id]; ok {
		return c, nil
	}
	var sum, dict []byte
	err := q.QueryRowContext(ctx, `SELECT sum, bytes FROM records_dict WHERE id = ?`, id).Scan(&sum, &dict)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w %d is missing", errDictionary, id)
	}
	if err != nil {
		return nil, err
	}
	if s := sha256.Sum256(dict); !bytes.Equal(sum, s[:]) {
		return nil, fmt.Errorf("%w %d is damaged", errDictionary, id)
	}
	c, err := newCodec(id, dict)
	if err != nil {
		return nil, fmt.Errorf("%w %d: %v", errDictionary, id, err)
	}
	cs.keep(c)
	return c, nil
}

// newest is the codec of the newest dictionary read or made so far: the
// one a store compresses with. Nil before there is one.
func (cs *codecs) newest() *codec {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	var c *codec
	for id, k := range cs.by {
		if c == nil || id > c.id {
			c = k
		}
	}
	return c
}

// add keeps c, whose dictionary was just committed.
func (cs *codecs) add(c *codec) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	cs.keep(c)
}

func (cs *codecs) keep(c *codec) {
	if cs.by == nil {
		cs.by = map[int64]*codec{}
	}
	cs.by[c.id] = c
}

// codec is dictionary id's codec; a missing or damaged dictionary is a
// damaged store.
func (s *Store) codec(ctx context.Context, q querier, id int64) (*codec, error) {
	c, err := s.codecs.get(ctx, q, id)
	if errors.Is(err, errDictionary) {
		return nil, s.damaged(err)
	}
	return c, err
}

// unpack is the record of id as the server sent it, from what the store
// holds of it (compressed with dictionary dict, or using's).
func (s *Store) unpack(ctx context.Context, q querier, id, dict int64, held []byte, using *codec) ([]byte, error) {
	if dict == 0 {
		return held, nil
	}
	c := using
	if c == nil || c.id != dict {
		var err error
		if c, err = s.codec(ctx, q, dict); err != nil {
			return nil, err
		}
	}
	raw, err := c.unpack(held)
	if err != nil {
		return nil, s.damaged(fmt.Errorf("record %d: %w", id, err))
	}
	return raw, nil
}

// damaged is the error of a store whose records cannot be restored.
func (s *Store) damaged(err error) error {
	where := s.path
	if where == "" {
		where = "memory"
	}
	return fmt.Errorf("%w (%s: %v); run  donations cache clear  and sync again", ErrCorrupt, where, err)
}

// packer is the codec that compresses the records tx stores next: the
// store's dictionary; or, once the records held as sent and those of batch
// come to dictBytes, a new one made from them (made says so: the caller
// keeps it once tx commits), with the records held so far compressed with
// it. Nil for a store in memory, and until then: records are kept as sent.
func (s *Store) packer(ctx context.Context, tx *sql.Tx, batch []Page) (c *codec, made bool, err error) {
	if s.path == "" {
		return nil, false, nil
	}
	var id int64
	err = tx.QueryRowContext(ctx, `SELECT coalesce((SELECT max(id) FROM records_dict),
		(SELECT dict FROM records WHERE dict != 0 LIMIT 1), 0)`).Scan(&id)
	if err != nil {
		return nil, false, err
	}
	if id != 0 {
		// A record compressed with a dictionary the store lacks asks for
		// it here, rather than have a new one made in its place.
		c, err = s.codec(ctx, tx, id)
		return c, false, err
	}
	held, err := heldAsSent(ctx, tx)
	if err != nil {
		return nil, false, err
	}
	var dict []byte
	for _, r := range held {
		dict = append(dict, r.raw...)
	}
	for _, f := range batch {
		for _, d := range f.Records {
			if d.ID.Valid && len(dict) < dictBytes {
				dict = append(dict, d.Raw...)
			}
		}
	}
	if len(dict) < dictBytes {
		return nil, false, nil
	}
	dict = dict[:dictBytes]
	if c, err = newCodec(1, dict); err != nil {
		return nil, false, err
	}
	sum := sha256.Sum256(dict)
	if _, err = tx.ExecContext(ctx, `INSERT INTO records_dict (id, sum, bytes) VALUES (1, ?, ?)`, sum[:], dict); err != nil {
		return nil, false, err
	}
	for _, r := range held {
		packed, err := c.pack(r.raw)
		if err != nil {
			return nil, false, err
		}
		if _, err = tx.ExecContext(ctx, `UPDATE records SET dict = 1, raw = ? WHERE id = ?`, packed, r.id); err != nil {
			return nil, false, err
		}
	}
	return c, true, nil
}

type heldRecord struct {
	id  int64
	raw []byte
}

// heldAsSent are the records a store holds uncompressed: fewer than
// dictBytes of them, as it makes its dictionary when they come to that.
func heldAsSent(ctx context.Context, tx *sql.Tx) ([]heldRecord, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, raw FROM records WHERE dict = 0 ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var held []heldRecord
	for rows.Next() {
		var r heldRecord
		if err := rows.Scan(&r.id, &r.raw); err != nil {
			return nil, err
		}
		held = append(held, r)
	}
	return held, rows.Err()
}
