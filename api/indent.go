package api

import (
	"bytes"
	"encoding/json"
)

// Indent is a record as received, indented for reading, for the browser's
// raw view, which parses no JSON itself. Values and key order are
// untouched; bytes that are not valid JSON are given as they are.
func Indent(raw []byte) string {
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return string(raw)
	}
	return buf.String()
}
