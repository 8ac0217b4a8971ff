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

	"github.com/klauspost/compress/s2"
	"github.com/klauspost/compress/zstd"

	"donations/api"
)

// A store keeps each record compressed against a dictionary of its
// own: the bytes of the first records it stored (dictBytes of them), kept
// in table records_dict. Records of one account share their field names,
// forms, currencies and the shape of their values, so a record takes a
// small part of its JSON.
//
// The format: records.dict is 0 for a record kept as the server sent it
// (before the store held dictBytes of them), else the id of
// the dictionary in records_dict, whose codec says how records.raw holds
// it. New stores use S2 (codecS2): a block made with the dictionary,
// which begins with the record's length. Stores made by older versions
// keep compressing with the zstd dictionary they made, and a small
// store with the one its records were compressed again with (see
// tighten) (codecZstd): a zstd frame made with that dictionary as raw
// content, its dictionary id the same, without its four-byte magic
// number, which every frame shares.
//
// Why S2: zstd, even at its fastest level, restores the dictionary's hash
// table and its history for each record, a frame of its own, which is
// most of the work for a record this small; S2 with a dictionary packs and
// restores a record several times faster (BenchmarkPack, BenchmarkUnpack;
// figures in docs/performance.md). Its records are slightly larger, which
// the search column not repeating the e-mail and id makes up (see
// searched).

// dictBytes is how many bytes of the first records make the dictionary:
// as many as S2 takes.
const dictBytes = s2.MaxDictSize

// The codecs records_dict.codec names.
const (
	codecS2   = "s2"
	codecZstd = "zstd"
)

var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// codec compresses and restores records with one dictionary.
type codec struct {
	id int64
	recordCodec
}

// recordCodec is how a dictionary's records are kept.
type recordCodec interface {
	pack(raw []byte) ([]byte, error)
	unpack(packed []byte) ([]byte, error)
}

// newCodec is the codec of dictionary id, of kind codecS2 or codecZstd,
// made from the bytes records_dict holds of it.
func newCodec(id int64, kind string, dict []byte) (*codec, error) {
	switch kind {
	case codecS2:
		d := s2.NewDict(dict)
		if d == nil {
			return nil, errors.New("not an S2 dictionary")
		}
		return &codec{id: id, recordCodec: s2Codec{d}}, nil
	case codecZstd:
		z, err := newZstdCodec(id, dict)
		if err != nil {
			return nil, err
		}
		return &codec{id: id, recordCodec: z}, nil
	}
	return nil, fmt.Errorf("unknown codec %q", kind)
}

// makeDict is the S2 dictionary of a store's first records, joined: its
// bytes as records_dict keeps them. The first match S2 tries in a
// record is where a record begins in the dictionary.
func makeDict(first []byte) []byte {
	start := first[:min(len(first), 16)]
	return s2.MakeDict(first, start).Bytes()
}

type s2Codec struct{ dict *s2.Dict }

// s2Room is the room S2 compresses records into, one for each record
// compressed at once.
var s2Room sync.Pool

// pack is raw compressed, in a slice of its own length: S2 writes into
// room for the worst case, which a page waiting to be stored would
// otherwise hold for each record, though a long record may compress to a
// few bytes.
func (c s2Codec) pack(raw []byte) ([]byte, error) {
	room, _ := s2Room.Get().(*[]byte)
	if room == nil {
		room = new([]byte)
	}
	*room = c.dict.Encode(*room, raw)
	packed := bytes.Clone(*room)
	s2Room.Put(room)
	return packed, nil
}

// unpack refuses a block whose header claims more than a page may hold,
// rather than take that much memory for a damaged record.
func (c s2Codec) unpack(packed []byte) ([]byte, error) {
	n, err := s2.DecodedLen(packed)
	if err != nil {
		return nil, err
	}
	if n > api.DefaultMaxBody {
		return nil, fmt.Errorf("its header says %d bytes, more than a page may hold", n)
	}
	return c.dict.Decode(nil, packed)
}

// zstdCodec's encoder is made when a record is first compressed: a
// command that only reads does not pay the milliseconds its tables take.
type zstdCodec struct {
	dec *zstd.Decoder
	enc func() (*zstd.Encoder, error)
}

func newZstdCodec(id int64, dict []byte) (*zstdCodec, error) {
	// One decoder: a record takes microseconds, and each more would cost
	// its buffers on every start.
	dec, err := zstd.NewReader(nil, zstd.WithDecoderDictRaw(uint32(id), dict), zstd.WithDecoderConcurrency(1),
		zstd.WithDecoderMaxMemory(uint64(api.DefaultMaxBody)))
	if err != nil {
		return nil, err
	}
	enc := sync.OnceValues(func() (*zstd.Encoder, error) {
		// One encoder for each record compressed at once: pages are
		// compressed beside the writer (see prepared).
		return zstdEncoder(id, dict, zstd.SpeedFastest, runtime.GOMAXPROCS(0)+1)
	})
	return &zstdCodec{dec: dec, enc: enc}, nil
}

// zstdEncoder compresses records at level with dictionary id of the bytes
// dict, for at most concurrency of them at once.
func zstdEncoder(id int64, dict []byte, level zstd.EncoderLevel, concurrency int) (*zstd.Encoder, error) {
	return zstd.NewWriter(nil, zstd.WithEncoderDictRaw(uint32(id), dict), zstd.WithEncoderLevel(level),
		zstd.WithEncoderCRC(false), zstd.WithSingleSegment(true), zstd.WithEncoderConcurrency(concurrency),
		// A record's literals are kept as they are: a Huffman table made
		// for each small record costs much of the compressing and saves
		// almost nothing of its size.
		zstd.WithNoEntropyCompression(true))
}

// zstdPack is raw compressed by enc, without the magic number.
func zstdPack(enc *zstd.Encoder, raw []byte) []byte {
	return enc.EncodeAll(raw, nil)[len(zstdMagic):]
}

// pack is raw compressed, without the magic number.
func (c *zstdCodec) pack(raw []byte) ([]byte, error) {
	enc, err := c.enc()
	if err != nil {
		return nil, err
	}
	return zstdPack(enc, raw), nil
}

func (c *zstdCodec) unpack(packed []byte) ([]byte, error) {
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
	var kind string
	err := q.QueryRowContext(ctx, `SELECT sum, bytes, codec FROM records_dict WHERE id = ?`, id).Scan(&sum, &dict, &kind)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("%w %d is missing", errDictionary, id)
	}
	if err != nil {
		return nil, err
	}
	if s := sha256.Sum256(dict); !bytes.Equal(sum, s[:]) {
		return nil, fmt.Errorf("%w %d is damaged", errDictionary, id)
	}
	c, err := newCodec(id, kind, dict)
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
// it. Nil until then: records are kept as sent. A store in memory
// compresses its records too: its pages are memory, as many again for
// SQLite's page cache and its allocator, and a long record as sent (a
// long form name) compresses to a small part of itself.
func (s *Store) packer(ctx context.Context, tx *sql.Tx, batch []Page) (c *codec, made bool, err error) {
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
	held, err := heldWith(ctx, tx, 0)
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
	dict = makeDict(dict[:dictBytes])
	if c, err = newCodec(1, codecS2, dict); err != nil {
		return nil, false, err
	}
	sum := sha256.Sum256(dict)
	if _, err = tx.ExecContext(ctx, `INSERT INTO records_dict (id, sum, bytes, codec) VALUES (1, ?, ?, ?)`, sum[:], dict, codecS2); err != nil {
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

// heldWith are the records a store holds compressed with dictionary dict:
// with 0, those it holds as sent, fewer than dictBytes of them, as it
// makes its dictionary when they come to that.
func heldWith(ctx context.Context, tx *sql.Tx, dict int64) ([]heldRecord, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, raw FROM records WHERE dict = ? ORDER BY id`, dict)
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
