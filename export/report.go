package export

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"donations/api"
	"donations/report"
	"donations/textsafe"
)

// ReportFormats are the formats a report is written in.
var ReportFormats = []string{"table", "csv", "json", "ndjson"}

// ReportColumn is one column of a report: its key (JSON, CSV header) and
// its title (table).
type ReportColumn struct{ Key, Title string }

// Report is a report's rows, for WriteReport. A cell is a string, an int,
// an api.Decimal (exact), a Percent, or nil (nothing to show).
type Report struct {
	// Title is what the report asks (ReportTitle): the table's first line.
	Title   string
	Columns []ReportColumn
	// Rows calls fn with each row's cells; the table reads them twice (to
	// measure, then to write), so a report stays bounded in memory.
	Rows func(fn func(cells []any) error) error
	// Notes are the words the table ends with, read once its rows are
	// written: what was counted and what was not. The other formats leave
	// them to the caller (stderr).
	Notes func() []string
	// Headline, when set, are the figures the table gives before its rows,
	// read once they were measured (a report that gathers them on the
	// way, as recurring does, has them then); the other formats leave
	// them to the caller, as Notes.
	Headline func() []string
	// SortedBy is the key of the column the rows are in the order of, which
	// a narrow table keeps: without it the rows look out of order.
	SortedBy string
	Width    int // the table's width, 0 for whole lines
}

// Percent is a share as a fraction (0.25 is 25%).
type Percent float64

// WriteReport writes r as table, csv, json (an array of objects keyed by
// the columns' keys) or ndjson (one such object a line). Amounts are exact
// decimal text, percents numbers with two decimals.
func WriteReport(w io.Writer, format string, r Report) error {
	switch format {
	case "csv":
		return reportCSV(w, r)
	case "json", "ndjson":
		return reportJSON(w, r, format == "ndjson")
	case "table":
		return reportTable(w, r)
	}
	return fmt.Errorf("unknown format %q (use one of %s)", format, strings.Join(ReportFormats, ", "))
}

// reportCell is a report's cell as CSV and the table write it.
func reportCell(c any, table bool) string {
	switch v := c.(type) {
	case nil:
		return ""
	case string:
		return textsafe.Line(v)
	case int:
		if table {
			return textsafe.Thousands(strconv.Itoa(v))
		}
		return strconv.Itoa(v)
	case api.Decimal:
		if table {
			return textsafe.Thousands(v.String())
		}
		return v.String()
	case Percent:
		if table {
			return shareText(float64(v) * 100)
		}
		return strconv.FormatFloat(rounded(float64(v)*100), 'f', 2, 64)
	}
	return textsafe.Line(fmt.Sprint(c))
}

// cellJSON is a cell as JSON holds it.
func cellJSON(c any) any {
	switch v := c.(type) {
	case string:
		return textsafe.Line(v)
	case api.Decimal:
		return v.String()
	case Percent:
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil
		}
		return rounded(float64(v) * 100)
	}
	return c
}

func reportCSV(w io.Writer, r Report) error {
	cw := csv.NewWriter(w)
	head := make([]string, len(r.Columns))
	for i, c := range r.Columns {
		head[i] = c.Key
	}
	if err := cw.Write(head); err != nil {
		return err
	}
	err := r.Rows(func(cells []any) error {
		rec := make([]string, len(cells))
		for i, c := range cells {
			rec[i] = Neutralize(reportCell(c, false))
		}
		return cw.Write(rec)
	})
	cw.Flush()
	if err == nil {
		err = cw.Error()
	}
	return err
}

func reportJSON(w io.Writer, r Report, lines bool) error {
	bw := bufio.NewWriter(w)
	n := 0
	err := r.Rows(func(cells []any) error {
		var b strings.Builder
		b.WriteString("{")
		for i, c := range cells {
			k, _ := json.Marshal(r.Columns[i].Key)
			v, err := json.Marshal(cellJSON(c))
			if err != nil {
				return err
			}
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(string(k) + ":" + string(v))
		}
		b.WriteString("}")
		sep := "\n"
		if !lines {
			sep = map[bool]string{true: "[\n  ", false: ",\n  "}[n == 0]
		}
		n++
		if lines {
			_, err := bw.WriteString(b.String() + sep)
			return err
		}
		_, err := bw.WriteString(sep + b.String())
		return err
	})
	if err != nil {
		return err
	}
	if !lines {
		if n == 0 {
			bw.WriteString("[")
		}
		bw.WriteString("\n]\n")
	}
	return bw.Flush()
}

// reportTable writes aligned columns, text to the left and numbers to the
// right, then the notes; a table wider than r.Width drops columns as the
// browser's pages do (ReportFit), so that no line is cut.
func reportTable(w io.Writer, r Report) error {
	f, err := measureReport(r)
	if err != nil {
		return err
	}
	shown := f.Fit(r.Width)
	line := func(cells []string) error {
		var b strings.Builder
		for _, i := range shown {
			c := cells[i]
			if f.Number[i] && textsafe.Width(c) > f.Widths[i] {
				return report.ErrChanged // a number cut would lie
			}
			if f.Number[i] {
				b.WriteString(textsafe.FitRight(c, f.Widths[i]) + strings.Repeat(" ", ColumnGap))
			} else {
				b.WriteString(textsafe.Fit(c, f.Widths[i]) + strings.Repeat(" ", ColumnGap))
			}
		}
		return fitLine(w, b.String(), r.Width)
	}
	var top []string
	if r.Title != "" {
		top = append(top, r.Title)
	}
	if r.Headline != nil {
		top = append(top, r.Headline()...)
	}
	if err := writeLines(w, top, r.Width); err != nil {
		return err
	}
	head := make([]string, len(r.Columns))
	for i, c := range r.Columns {
		head[i] = c.Title
	}
	if err := line(head); err != nil {
		return err
	}
	err = r.Rows(func(cells []any) error {
		texts := make([]string, len(cells))
		for i, c := range cells {
			texts[i] = reportCell(c, true)
		}
		return line(texts)
	})
	if err != nil || r.Notes == nil {
		return err
	}
	return writeLines(w, r.Notes(), r.Width)
}

// writeLines writes words a line each, wrapped to width (0: whole).
func writeLines(w io.Writer, lines []string, width int) error {
	for _, n := range lines {
		if n = textsafe.Line(n); width > 0 {
			n = textsafe.Wrap(n, width, " ")
		}
		if _, err := fmt.Fprintln(w, n); err != nil {
			return err
		}
	}
	return nil
}
