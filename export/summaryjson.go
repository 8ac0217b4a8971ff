package export

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"reflect"
	"slices"
	"strconv"

	"donations/api"
	"donations/report"
)

// summaryJSON writes an indented array, an entry at a time, byte for byte
// as encoding/json writes each entry {group, count, amounts, converted,
// share_count, share_converted, others and ties (how many of them tie
// the last group kept; each when not 0), not_converted and
// unconverted (when some gifts had no conversion)} indented by two
// spaces under a two-space prefix, HTML left as it is ("In Memory & In
// Honor", not "\u0026"). By hand: the encoder's reflection, the maps of
// texts it takes and its indenting pass are much of a summary by donor.
func summaryJSON(w io.Writer, by []string, rows rows) error {
	var b []byte
	sep := "[\n  "
	err := rows(func(g report.SummaryRow) error {
		var err error
		if b, err = appendEntry(append(b, sep...), by, g); err != nil {
			return err
		}
		sep = ",\n  "
		// A write an entry would weigh on a summary by donor and day.
		if len(b) >= 64<<10 {
			_, err = w.Write(b)
			b = b[:0]
		}
		return err
	})
	if err != nil {
		return err
	}
	end := "\n]\n"
	if sep == "[\n  " {
		end = "[]\n"
	}
	_, err = w.Write(append(b, end...))
	return err
}

// appendEntry is one group's entry; the key is a string when the summary
// is by one key, else an array of them.
func appendEntry(b []byte, by []string, g report.SummaryRow) ([]byte, error) {
	b = append(b, "{\n    \"group\": "...)
	if len(by) == 1 {
		b = appendString(b, g.Key[0])
	} else {
		b = appendStrings(b, g.Key)
	}
	b = strconv.AppendInt(append(b, ",\n    \"count\": "...), int64(g.Count), 10)
	b = appendSums(append(b, ",\n    \"amounts\": "...), g.Amounts)
	b = appendSums(append(b, ",\n    \"converted\": "...), g.Converted)
	b, err := appendFloat(append(b, ",\n    \"share_count\": "...), rounded(g.ShareCount))
	b = append(b, ",\n    \"share_converted\": "...)
	if g.ShareConverted == nil {
		b = append(b, "null"...)
	} else if err == nil {
		b, err = appendFloat(b, rounded(*g.ShareConverted))
	}
	if g.Others != 0 {
		b = strconv.AppendInt(append(b, ",\n    \"others\": "...), int64(g.Others), 10)
		if g.Ties != 0 {
			b = strconv.AppendInt(append(b, ",\n    \"ties\": "...), int64(g.Ties), 10)
		}
	}
	// Gifts with no conversion: converted counts their unconverted amounts
	// in their own currency.
	if g.NotConverted != 0 {
		b = strconv.AppendInt(append(b, ",\n    \"not_converted\": "...), int64(g.NotConverted), 10)
		b = appendSums(append(b, ",\n    \"unconverted\": "...), g.Unconverted)
	}
	return append(b, "\n  }"...), err
}

// appendStrings is the group's keys, an array one level in.
func appendStrings(b []byte, keys []string) []byte {
	if keys == nil {
		return append(b, "null"...)
	}
	if len(keys) == 0 {
		return append(b, "[]"...)
	}
	b = append(b, '[')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, "\n      "...), k)
	}
	return append(b, "\n    ]"...)
}

// appendSums is sums by currency as an object of texts, one level in, its
// currencies in order as encoding/json sorts a map's keys.
func appendSums(b []byte, sums map[string]api.Decimal) []byte {
	if len(sums) == 0 {
		return append(b, "{}"...)
	}
	// The currencies in order, on the stack when they are few:
	// slices.Sorted's slice would be a noticeable part of the JSON's time.
	var few [4]string
	curs := few[:0]
	for cur := range sums {
		curs = append(curs, cur)
	}
	slices.Sort(curs)
	b = append(b, '{')
	for i, cur := range curs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(append(b, "\n      "...), cur)
		b = appendString(append(b, ": "...), sums[cur].String())
	}
	return append(b, "\n    }"...)
}

// appendString is s quoted. Printable ASCII but the quote and the
// backslash is written as it is; anything else is left to encoding/json,
// whose escapes (controls, invalid UTF-8, U+2028) are then its own.
func appendString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' {
			var q bytes.Buffer
			enc := json.NewEncoder(&q)
			enc.SetEscapeHTML(false)
			_ = enc.Encode(s) // a string always encodes
			return append(b, bytes.TrimSuffix(q.Bytes(), []byte("\n"))...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// appendFloat is f as encoding/json writes a float64: the shortest text
// that reads back as f, with an exponent below 1e-6 and from 1e21 on, and
// the same error for what JSON cannot hold.
func appendFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &json.UnsupportedValueError{Value: reflect.ValueOf(f), Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if n := len(b); format == 'e' && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1] // e-07 as e-7
		b = b[:n-1]
	}
	return b, nil
}
