package demo

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
)

// The kinds' records in the forms the options ask of a server beside its
// own (localize and drift do the donations'): amounts with a decimal
// comma, date-times in another form, and drift's numbers as text, nulls
// and unknown fields. Each names the same money, moments and records.

// kindAmounts and kindDates are the kinds' fields, at any depth, that
// hold an amount and a date-time.
var (
	kindAmounts = map[string]bool{"goal_amt": true, "total_raised": true, "amount": true, "value": true, "price": true,
		"amount_refunded": true, "fair_market_value": true, "tax_deductible_amount": true, "tax_amount": true,
		"donation_amount": true, "app_fee": true, "stripe_fee": true}
	kindDates = map[string]bool{"created_at": true, "updated_at": true, "last_donation_date": true,
		"last_donation_at": true, "purchase_date": true, "date": true}
)

// kindForms is record b, the ith of its list, in the forms the options
// ask for; b itself where they ask for none.
func (s *Server) kindForms(b []byte, i int) (json.RawMessage, error) {
	o := s.opts
	if !o.DecimalComma && o.DateForm == "" && !o.Drift {
		return b, nil
	}
	var m map[string]any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&m); err != nil {
		return nil, err
	}
	reform(m, i, o)
	if o.Drift {
		driftKind(m, i)
	}
	out, err := encoded(m)
	return bytes.TrimRight(out, "\n"), err
}

// reform rewrites the amounts and date-times of m, and of the objects
// it holds, as o asks.
func reform(m map[string]any, i int, o Options) {
	for k, v := range m {
		switch v := v.(type) {
		case map[string]any:
			reform(v, i, o)
		case []any:
			for _, e := range v {
				if e, ok := e.(map[string]any); ok {
					reform(e, i, o)
				}
			}
		case json.Number:
			if kindAmounts[k] && o.DecimalComma {
				m[k] = decimalComma(cents(v.String()))
			}
		case string:
			switch {
			case kindAmounts[k] && o.DecimalComma:
				m[k] = decimalComma(cents(v))
			case kindDates[k]:
				m[k] = dateIn(v, i, o.DateForm)
			}
		}
	}
}

// cents is the amount s with two decimals, as a server set to a
// European locale writes every amount (PHP's number_format): "3" alone
// would become "3", and 250000 "250.000", which reads as 250.
func cents(s string) string {
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) >= 2 {
		return s
	}
	return whole + "." + (frac + "00")[:2]
}

// dateIn is the date-time s (RFC 3339) in form (Options.DateForm), the
// ith record's variant of it; s where it is no date-time or form is "".
func dateIn(s string, i int, form string) string {
	at, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return s
	}
	switch form {
	case DateNoColon:
		return at.UTC().Format(noColonLayouts[i%len(noColonLayouts)])
	case DateOnly:
		return at.UTC().Format(time.DateOnly)
	}
	return s
}

// driftKind rewrites a kind's record as a careless server might, one
// variant a record in turn, as drift does a donation's.
func driftKind(m map[string]any, i int) {
	switch i % 3 {
	case 0: // numbers as text, the id too
		for k, v := range m {
			if n, ok := v.(json.Number); ok {
				m[k] = n.String()
			}
		}
	case 1: // what is only shown, null or missing
		for k := range m {
			switch {
			case strings.HasPrefix(k, "formatted_") || strings.HasSuffix(k, "_formatted"):
				m[k] = nil
			case k == "slug" || k == "payment_method" || k == "phone":
				delete(m, k)
			}
		}
	case 2: // fields of no documented kind
		m["tier"] = "gold"
		m["receipt"] = map[string]any{"sent": true, "at": nil}
	}
}
