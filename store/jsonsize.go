package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/binary"
	"strconv"
	"sync"

	"github.com/klauspost/compress/s2"
	"modernc.org/sqlite"
)

// A store on disk should take no more room than the JSON it holds (the
// records' bytes as the server sent them, as an export gives them). Its
// file is compacted after a sync only when it takes more (see bounded), so
// the JSON held is kept as a running sum in meta (metaJSONBytes), by
// triggers on records (heldJSONTriggers) through json_size(codec, raw):
// adding it up again would read every record.

// metaJSONBytes is the bytes of JSON the records hold, while the triggers
// keep it; missing while they are set aside (a first sync), or before it
// was first added up: then the next sync's end adds it up (heldJSON).
const metaJSONBytes = "json_bytes"

// heldJSONTriggers keep metaJSONBytes as records are stored, changed and
// removed.
var heldJSONTriggers = jsonTriggers(jsonSize)

// jsonTriggers are the triggers that keep metaJSONBytes, size being the
// SQL of the length of the record as sent of the row new or old.
func jsonTriggers(size func(r string) string) []string {
	return []string{
		`CREATE TRIGGER records_json_ai AFTER INSERT ON records BEGIN
	UPDATE meta SET value = value + ` + size("new") + ` WHERE key = '` + metaJSONBytes + `'; END`,
		`CREATE TRIGGER records_json_ad AFTER DELETE ON records BEGIN
	UPDATE meta SET value = value - ` + size("old") + ` WHERE key = '` + metaJSONBytes + `'; END`,
		`CREATE TRIGGER records_json_au AFTER UPDATE OF dict, raw ON records BEGIN
	UPDATE meta SET value = value - ` + size("old") + ` + ` + size("new") + ` WHERE key = '` + metaJSONBytes + `'; END`,
	}
}

// jsonSize is the length of the record as sent of the row r (new or old)
// of records: its dictionary's codec says where its compressed bytes
// hold it.
func jsonSize(r string) string {
	return `json_size((SELECT codec FROM records_dict WHERE id = ` + r + `.dict), ` + r + `.raw)`
}

// registerJSONSize makes json_size(codec, raw) known to the connections
// opened after it: the length of the record as sent, read from the header
// of its S2 block or zstd frame (which holds it: frames are
// single-segment), not restored; codec is NULL for a record kept as sent.
var registerJSONSize = sync.OnceValue(func() error {
	return sqlite.RegisterDeterministicScalarFunction("json_size", 2, func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		raw, _ := args[1].([]byte)
		if s, ok := args[1].(string); ok {
			raw = []byte(s)
		}
		n, ok := int64(0), false
		switch args[0] {
		case nil:
			return int64(len(raw)), nil
		case codecS2:
			m, err := s2.DecodedLen(raw)
			n, ok = int64(m), err == nil
		case codecZstd:
			n, ok = frameContentSize(raw)
		}
		if ok {
			return n, nil
		}
		// A damaged record counts as what it takes: an error here would
		// stop the store from removing it, or anything else.
		return int64(len(raw)), nil
	})
})

// frameContentSize is the content size a zstd frame's header (without its
// magic number) holds (RFC 8878, 3.1.1.1); false when it holds none.
func frameContentSize(frame []byte) (int64, bool) {
	if len(frame) == 0 {
		return 0, false
	}
	desc := frame[0]
	single := desc&0x20 != 0
	at := 1 + [4]int{0, 1, 2, 4}[desc&3]
	if !single {
		at++ // the window descriptor
	}
	size := [4]int{0, 2, 4, 8}[desc>>6]
	if size == 0 {
		if !single {
			return 0, false
		}
		size = 1
	}
	if len(frame) < at+size {
		return 0, false
	}
	var b [8]byte
	copy(b[:], frame[at:at+size])
	n := int64(binary.LittleEndian.Uint64(b[:]))
	if size == 2 {
		n += 256
	}
	return n, true
}

// heldJSON is the bytes of JSON the store holds, added up from every
// record when the triggers' sum is missing (and kept from then on).
func heldJSON(ctx context.Context, tx *sql.Tx) (int64, error) {
	v, err := metaIn(ctx, tx, metaJSONBytes)
	if err != nil {
		return 0, err
	}
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		return n, nil
	}
	var n int64
	if err := tx.QueryRowContext(ctx, `SELECT coalesce(sum(json_size(d.codec, r.raw)), 0) FROM records r LEFT JOIN records_dict d ON d.id = r.dict`).Scan(&n); err != nil {
		return 0, err
	}
	return n, setMeta(ctx, tx, metaJSONBytes, strconv.FormatInt(n, 10))
}
