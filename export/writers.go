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

// Writer writes donations one at a time; Close ends the document (the JSON
// array's bracket, the table's last line) and flushes.
type Writer interface {
	Write(d *api.Donation) error
	Close() error
}

// New makes a writer of the named format. width is the terminal width for the
// table (0 for a default).
func New(format string, w io.Writer, width int) (Writer, error) {
	switch format {
	case "ndjson":
		return &ndjsonWriter{w: bufio.NewWriter(w)}, nil
	case "json":
		return &jsonWriter{w: bufio.NewWriter(w)}, nil
	case "csv":
		return NewCSV(w, false), nil
	case "table":
		return newTable(w, width), nil
	}
	return nil, fmt.Errorf("unknown format %q (use one of %s)", format, strings.Join(Formats, ", "))
}

// compactRaw is the record as received, on one line: whitespace between tokens
// is removed, every value is kept byte for byte.
func compactRaw(buf *bytes.Buffer, d *api.Donation) error {
	buf.Reset()
	if len(d.Raw) == 0 {
		return fmt.Errorf("donation %d has no original JSON", d.ID.Value)
	}
	return json.Compact(buf, d.Raw)
}

type ndjsonWriter struct {
	w   *bufio.Writer
	buf bytes.Buffer
}

func (n *ndjsonWriter) Write(d *api.Donation) error {
	if err := compactRaw(&n.buf, d); err != nil {
		return err
	}
	n.buf.WriteByte('\n')
	_, err := n.w.Write(n.buf.Bytes())
	if err == nil {
		// Each line goes out whole as it arrives, so a reader downstream sees
		// donations page by page rather than at the end.
		err = n.w.Flush()
	}
	return err
}

func (n *ndjsonWriter) Close() error { return n.w.Flush() }

type jsonWriter struct {
	w     *bufio.Writer
	buf   bytes.Buffer
	count int
}

func (j *jsonWriter) Write(d *api.Donation) error {
	if err := compactRaw(&j.buf, d); err != nil {
		return err
	}
	sep := ",\n  "
	if j.count == 0 {
		sep = "[\n  "
	}
	j.count++
	j.w.WriteString(sep)
	_, err := j.w.Write(j.buf.Bytes())
	if err == nil {
		err = j.w.Flush()
	}
	return err
}

func (j *jsonWriter) Close() error {
	if j.count == 0 {
		j.w.WriteString("[")
	}
	j.w.WriteString("\n]\n")
	return j.w.Flush()
}

// BOM is the UTF-8 byte-order mark. Excel reads a CSV file without one in
// the system's legacy code page, so "Zoë" opens as "ZoÃ«"; with it, as UTF-8.
const BOM = "\ufeff"

// NewCSV is the CSV writer; bom puts a UTF-8 byte-order mark before the
// header, for spreadsheets (other programs may read it as part of the first
// column's name, so it is asked for, not the default).
func NewCSV(w io.Writer, bom bool) Writer {
	return &csvWriter{out: w, w: csv.NewWriter(w), bom: bom}
}

type csvWriter struct {
	out    io.Writer
	w      *csv.Writer
	bom    bool
	header bool
	row    []string
}

func (c *csvWriter) writeHeader() error {
	if c.header {
		return nil
	}
	c.header = true
	if c.bom {
		if _, err := io.WriteString(c.out, BOM); err != nil {
			return err
		}
	}
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
	if err := c.w.Write(c.row); err != nil {
		return err
	}
	c.w.Flush()
	return c.w.Error()
}

func (c *csvWriter) Close() error {
	if err := c.writeHeader(); err != nil {
		return err
	}
	c.w.Flush()
	return c.w.Error()
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
