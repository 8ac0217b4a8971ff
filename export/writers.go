package export

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"donations/api"
	"donations/textsafe"
)

// Formats are the names accepted by New.
var Formats = []string{"table", "json", "ndjson", "csv"}

// Writer writes donations one at a time into a buffer; Flush sends what
// it holds on, and Close ends the document (the JSON array's bracket, the
// table's last line) and flushes. Writing each donation through would be
// a system call a donation: Stream flushes a page at a time, which is
// what a reader downstream waits for, and a file or an answer from the
// store is flushed as the buffer fills and at the end.
type Writer interface {
	Write(d *api.Donation) error
	Flush() error
	Close() error
}

// outBuffer is how many bytes a writer holds before it writes them: as
// much as a pipe takes at once, so that a page of donations in ndjson goes
// out in a write or two, not one a donation.
const outBuffer = 64 << 10

// buffered is where a writer puts its bytes; its Flush is every format's.
type buffered struct{ w *bufio.Writer }

func newBuffered(w io.Writer) buffered { return buffered{bufio.NewWriterSize(w, outBuffer)} }

func (b buffered) Flush() error { return b.w.Flush() }

// New makes a writer of the named format. width is the terminal width for the
// table (0 for a default).
func New(format string, w io.Writer, width int) (Writer, error) {
	switch format {
	case "ndjson":
		return &ndjsonWriter{buffered: newBuffered(w)}, nil
	case "json":
		return &jsonWriter{buffered: newBuffered(w)}, nil
	case "csv":
		return NewCSV(w, false), nil
	case "table":
		return newTable(w, width), nil
	}
	return nil, fmt.Errorf("unknown format %q (use one of %s)", format, strings.Join(Formats, ", "))
}

// RawWriter is a Writer that needs of a donation only its record as
// received (json, ndjson): a caller holding the bytes, as the store does,
// can hand them over without decoding them.
type RawWriter interface {
	Writer
	WriteRaw(raw []byte) error
}

// noJSON refuses a donation built with no record as received.
func noJSON(d *api.Donation) error {
	return fmt.Errorf("donation %d has no original JSON", d.ID.Value)
}

// compactRaw is the record as received, on one line: whitespace between tokens
// is removed, every value is kept byte for byte. A record that has none
// (as the demo and the platform send them, and the store keeps them) is
// its own bytes; buf holds the others.
func compactRaw(buf *bytes.Buffer, raw []byte) ([]byte, error) {
	if len(raw) > 0 && compact(raw) {
		return raw, nil
	}
	buf.Reset()
	err := json.Compact(buf, raw)
	return buf.Bytes(), err
}

// compact says whether raw has no whitespace outside its strings, and so
// is what json.Compact would make of it. Its strings are skipped a quote
// at a time (their text is most of a record); one left open is not
// compact, for json.Compact to refuse.
func compact(raw []byte) bool {
	for {
		q := bytes.IndexByte(raw, '"')
		if q < 0 {
			return !hasSpace(raw)
		}
		if hasSpace(raw[:q]) {
			return false
		}
		raw = raw[q+1:]
		for escaped := true; escaped; {
			end := bytes.IndexByte(raw, '"')
			if end < 0 {
				return false
			}
			backslashes := 0
			for backslashes < end && raw[end-1-backslashes] == '\\' {
				backslashes++
			}
			escaped = backslashes%2 == 1
			raw = raw[end+1:]
		}
	}
}

func hasSpace(b []byte) bool {
	for _, c := range b {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			return true
		}
	}
	return false
}

type ndjsonWriter struct {
	buffered
	buf bytes.Buffer
}

func (n *ndjsonWriter) Write(d *api.Donation) error {
	if len(d.Raw) == 0 {
		return noJSON(d)
	}
	return n.WriteRaw(d.Raw)
}

func (n *ndjsonWriter) WriteRaw(raw []byte) error {
	line, err := compactRaw(&n.buf, raw)
	if err != nil {
		return err
	}
	n.w.Write(line)
	return n.w.WriteByte('\n')
}

func (n *ndjsonWriter) Close() error { return n.Flush() }

type jsonWriter struct {
	buffered
	buf   bytes.Buffer
	count int
}

func (j *jsonWriter) Write(d *api.Donation) error {
	if len(d.Raw) == 0 {
		return noJSON(d)
	}
	return j.WriteRaw(d.Raw)
}

func (j *jsonWriter) WriteRaw(raw []byte) error {
	record, err := compactRaw(&j.buf, raw)
	if err != nil {
		return err
	}
	sep := ",\n  "
	if j.count == 0 {
		sep = "[\n  "
	}
	j.count++
	j.w.WriteString(sep)
	_, err = j.w.Write(record)
	return err
}

func (j *jsonWriter) Close() error {
	if j.count == 0 {
		j.w.WriteString("[")
	}
	j.w.WriteString("\n]\n")
	return j.Flush()
}

// BOM is the UTF-8 byte-order mark. Excel reads a CSV file without one in
// the system's legacy code page, so "Zoë" opens as "ZoÃ«"; with it, as UTF-8.
const BOM = "\ufeff"

// WithBOM is w, made to start with a UTF-8 byte-order mark where format is
// csv and bom asks for one (other programs may read the mark as part of the
// first column's name, so it is asked for, not the default). Every CSV the
// program writes goes through it: the donations' (NewCSV), the summary's
// and the reports'.
func WithBOM(w io.Writer, format string, bom bool) io.Writer {
	if format != "csv" || !bom {
		return w
	}
	return &bomFirst{w: w}
}

// bomFirst writes the byte-order mark before its first bytes.
type bomFirst struct {
	w       io.Writer
	started bool
}

func (b *bomFirst) Write(p []byte) (int, error) {
	if !b.started {
		b.started = true
		if _, err := io.WriteString(b.w, BOM); err != nil {
			return 0, err
		}
	}
	return b.w.Write(p)
}

// NewCSV is the CSV writer; bom puts a UTF-8 byte-order mark before the
// header (WithBOM).
func NewCSV(w io.Writer, bom bool) Writer {
	out := newBuffered(WithBOM(w, "csv", bom))
	// csv.NewWriter writes into out's buffer itself, which is large enough.
	return &csvWriter{out: out, w: csv.NewWriter(out.w)}
}

type csvWriter struct {
	out    buffered
	w      *csv.Writer
	header bool
	row    []string
}

func (c *csvWriter) writeHeader() error {
	if c.header {
		return nil
	}
	c.header = true
	return c.w.Write(CSVHeader())
}

func (c *csvWriter) Write(d *api.Donation) error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	c.row = c.row[:0]
	for _, col := range columns {
		c.row = append(c.row, Neutralize(cellText(col.value(d))))
	}
	return c.w.Write(c.row)
}

func (c *csvWriter) Flush() error {
	c.w.Flush()
	return c.w.Error()
}

func (c *csvWriter) Close() error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	return c.Flush()
}

// cellText is a cell's text made safe to print, as the table's is (people
// cat CSV files): escape sequences, other control characters and bidi
// overrides are dropped, the text kept. Tabs and line breaks stay, as the
// donor typed them: a quoted CSV cell holds them, and Neutralize reads a
// leading tab.
func cellText(s string) string {
	if !strings.Contains(s, "\t") {
		return textsafe.Block(s)
	}
	parts := strings.Split(s, "\t")
	for i, p := range parts {
		parts[i] = textsafe.Block(p)
	}
	return strings.Join(parts, "\t")
}

// Neutralize stops a spreadsheet from running a cell as a formula: a cell that
// starts with =, +, -, @, a tab or a carriage return gets a leading quote,
// unless it is a plain number such as -5.00.
func Neutralize(s string) string {
	if s == "" || !strings.ContainsRune("=+-@\t\r", rune(s[0])) {
		return s
	}
	if _, err := api.ParseDecimal(s); err == nil && !strings.ContainsAny(s, ",") {
		return s
	}
	return "'" + s
}
