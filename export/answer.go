package export

import (
	"bytes"
	"encoding/json"
	"strings"
)

// AnswerText renders a form answer of any JSON type for reading: strings
// unquoted, booleans as Yes/No, null as empty, lists joined by ", ", anything
// else as compact JSON. The browser's detail shows it; the CSV rule uses it
// for string answers.
func AnswerText(answer json.RawMessage) string {
	b := bytes.TrimSpace(answer)
	if len(b) == 0 {
		return ""
	}
	switch b[0] {
	case '"':
		var s string
		if json.Unmarshal(b, &s) == nil {
			return s
		}
	case 't':
		return "Yes"
	case 'f':
		return "No"
	case 'n':
		return ""
	case '[':
		var list []json.RawMessage
		if json.Unmarshal(b, &list) == nil {
			parts := make([]string, 0, len(list))
			for _, v := range list {
				parts = append(parts, AnswerText(v))
			}
			return strings.Join(parts, ", ")
		}
	}
	return string(answer)
}
