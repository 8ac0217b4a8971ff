package demo

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// driftNames are the fields each variant of drift rewrites, by the names
// of a shape.
type driftNames struct {
	flag             string   // a boolean sent as text
	nulls, missing   []string // sent as null; left out
	unknown          map[string]any
	numberedAsString []string // numbers sent as text, besides the id
}

var driftOf = map[string]driftNames{
	ShapeSpec: {flag: "anonymous",
		nulls:            []string{"address", "utm_source", "questions", "donation_honor", "last4", "exp_year", "exp_month", "app_fee"},
		missing:          []string{"city", "state", "utm_medium", "utm_campaign", "utm_content", "fee_covered", "timezone"},
		unknown:          map[string]any{"campaign": map[string]any{"id": 101, "name": "Annual Fund"}, "gift_aid": true},
		numberedAsString: []string{"processing_fee", "exp_year"}},
	ShapeDonorbox: {flag: "anonymous_donation",
		nulls:            []string{"comment", "utm_source", "questions", "donation_honor", "designation", "converted_net_amount"},
		missing:          []string{"utm_medium", "utm_campaign", "utm_content", "fee_covered", "gift_aid", "first_recurring_donation"},
		unknown:          map[string]any{"donor_tier": "gold", "tax_receipt": map[string]any{"sent": true}},
		numberedAsString: []string{"processing_fee", "plan_id"}},
}

// driftedRecord is what drift made of a record's encoding from.
type driftedRecord struct{ from, to json.RawMessage }

// driftKept is how many records, the first by index, driftedOnce keeps
// drifted: every account the tests drift, while a demo server of a
// million (demo-server --drift --count) holds no second copy of each.
const driftKept = 20_000

// driftedOnce is drift of record i encoded as b, rewritten again only
// when the record's encoding has changed since (the admin handler edits
// records): the same record drifts the same way every time.
func (s *Server) driftedOnce(b []byte, i int) (json.RawMessage, error) {
	if i >= driftKept {
		return drift(b, i, s.opts.Shape)
	}
	s.driftMu.Lock()
	d, ok := s.drifted[i]
	s.driftMu.Unlock()
	if ok && bytes.Equal(d.from, b) {
		return d.to, nil
	}
	to, err := drift(b, i, s.opts.Shape)
	if err != nil {
		return nil, err
	}
	s.driftMu.Lock()
	if s.drifted == nil {
		s.drifted = map[int]driftedRecord{}
	}
	s.drifted[i] = driftedRecord{from: bytes.Clone(b), to: to}
	s.driftMu.Unlock()
	return to, nil
}

// drift rewrites record i the way a careless server might, one variant per
// record in turn: every variant keeps the record's id and meaning so a
// tolerant client decodes the same donation.
func drift(b []byte, i int, shape string) (json.RawMessage, error) {
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	names := driftOf[shape]
	switch i % 6 {
	case 0: // numbers as strings, strings as numbers
		for _, k := range append([]string{"id"}, names.numberedAsString...) {
			if v, ok := m[k].(json.Number); ok {
				m[k] = v.String()
			}
		}
		if v, ok := m["amount"].(string); ok {
			m["amount"] = json.Number(v)
		}
		m[names.flag] = fmt.Sprint(m[names.flag])
	case 1: // nulls
		for _, k := range names.nulls {
			m[k] = nil
		}
	case 2: // missing fields
		for _, k := range names.missing {
			delete(m, k)
		}
	case 3: // unknown fields
		for k, v := range names.unknown {
			m[k] = v
		}
	case 4: // answers of other types
		m["questions"] = []any{
			map[string]any{"question_type": "object", "question": "Structured", "answer": map[string]any{"a": 1}},
			map[string]any{"question_type": "null", "question": "Nothing", "answer": nil},
			map[string]any{"question_type": "number", "question": "Count", "answer": 3.5},
		}
	}
	return json.Marshal(m)
}
