package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// drift rewrites record i the way a careless server might, one variant per
// record in turn: every variant keeps the record's id and meaning so a
// tolerant client decodes the same donation.
func drift(b []byte, i int) (json.RawMessage, error) {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	switch i % 6 {
	case 0: // numbers as strings, strings as numbers
		m["id"] = m["id"].(json.Number).String()
		m["amount"] = json.Number(m["amount"].(string))
		m["processing_fee"] = m["processing_fee"].(json.Number).String()
		if y, ok := m["exp_year"].(json.Number); ok {
			m["exp_year"] = y.String()
		}
		m["anonymous"] = fmt.Sprint(m["anonymous"])
	case 1: // nulls
		for _, k := range []string{"address", "utm_source", "questions", "donation_honor", "last4", "exp_year", "exp_month", "app_fee"} {
			m[k] = nil
		}
	case 2: // missing fields
		for _, k := range []string{"city", "state", "utm_medium", "utm_campaign", "utm_content", "fee_covered", "timezone"} {
			delete(m, k)
		}
	case 3: // unknown fields
		m["campaign"] = map[string]any{"id": 101, "name": "Annual Fund"}
		m["gift_aid"] = true
	case 4: // answers of other types
		m["questions"] = []any{
			map[string]any{"question_type": "object", "question": "Structured", "answer": map[string]any{"a": 1}},
			map[string]any{"question_type": "null", "question": "Nothing", "answer": nil},
			map[string]any{"question_type": "number", "question": "Count", "answer": 3.5},
		}
	}
	return json.Marshal(m)
}
