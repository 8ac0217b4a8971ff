package export

import (
	"io"
	"strconv"
	"strings"

	"donations/api"
)

// The table and CSV of the other kinds of records: a few columns each, the
// ones a person asks of the kind (a plan's status and next gift, a
// campaign's goal and what it raised). JSON and ndjson write the records
// as the server sent them (RawWriter).

// kindColumns are the columns of each kind's table, by its name.
var kindColumns = map[string][]ReportColumn{
	"campaigns": {{"id", "ID"}, {"name", "CAMPAIGN"}, {"currency", "CUR"}, {"goal_amt", "GOAL"},
		{"total_raised", "RAISED"}, {"donations_count", "GIFTS"}},
	"plans": {{"id", "ID"}, {"status", "STATUS"}, {"type", "TYPE"}, {"amount", "AMOUNT"},
		{"next_donation_date", "NEXT"}, {"last_donation_date", "LAST"}, {"started_at", "STARTED"},
		{"donor", "DONOR"}, {"email", "EMAIL"}, {"campaign", "CAMPAIGN"}},
	"donors": {{"id", "ID"}, {"name", "DONOR"}, {"email", "EMAIL"}, {"donations_count", "GIFTS"},
		{"last_donation_at", "LAST GIFT"}, {"total", "TOTAL"}},
	"events": {{"id", "ID"}, {"name", "EVENT"}, {"currency", "CUR"}, {"total_raised", "RAISED"},
		{"tickets_count", "TICKETS"}, {"donations_count", "GIFTS"}},
	"tickets": {{"id", "ID"}, {"event", "EVENT"}, {"ticket_type", "TYPE"}, {"price", "PRICE"},
		{"currency", "CUR"}, {"status", "STATUS"}, {"buyer", "BUYER"}, {"email", "EMAIL"}},
	"purchases": {{"id", "ID"}, {"event", "EVENT"}, {"status", "STATUS"}, {"amount", "AMOUNT"},
		{"currency", "CUR"}, {"amount_refunded", "REFUNDED"}, {"date", "DATE"}, {"tickets_count", "TICKETS"}},
}

// KindReport is recs as a report, for WriteReport's table and CSV; width is
// the table's (0: whole lines).
func KindReport[T api.KindRecord](recs []T, width int) Report {
	k := api.KindOf[T]()
	return Report{Columns: kindColumns[k.Name], SortedBy: "id", Width: width,
		Rows: func(fn func(cells []any) error) error {
			for i := range recs {
				if err := fn(kindCells(&recs[i])); err != nil {
					return err
				}
			}
			return nil
		}}
}

// WriteKind writes recs to w in format, in their order: table and csv as
// KindReport (width the table's), json and ndjson each record as the
// server sent it.
func WriteKind[T api.KindRecord](w io.Writer, format string, recs []T, width int) error {
	if format == "table" || format == "csv" {
		return WriteReport(w, format, KindReport(recs, width))
	}
	out, err := New(format, w, width)
	if err != nil {
		return err
	}
	raw := out.(RawWriter)
	for i := range recs {
		if err := raw.WriteRaw(api.HeadOf(&recs[i]).Raw); err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

// kindCells are a record's cells, in its kind's columns' order.
func kindCells[T api.KindRecord](rec *T) []any {
	switch r := any(rec).(type) {
	case *api.Campaign:
		return []any{kindID(r.ID), kindText(r.Name), kindText(r.Currency), kindAmount(r.GoalAmount), kindAmount(r.TotalRaised), kindCount(r.DonationsCount)}
	case *api.Plan:
		return []any{kindID(r.ID), kindText(r.Status), kindText(r.Type), kindAmount(r.Amount), kindText(r.NextDonationDate),
			kindText(r.LastDonationDate), kindText(r.StartedAt), personName(r.Donor), kindText(r.Donor.Email), kindText(r.Campaign.Name)}
	case *api.Donor:
		return []any{kindID(r.ID), nonEmpty(r.Name()), kindText(r.Email), kindCount(r.DonationsCount), kindText(r.LastDonationAt), totals(r.Totals)}
	case *api.Event:
		return []any{kindID(r.ID), kindText(r.Name), kindText(r.Currency), kindAmount(r.TotalRaised), kindCount(r.TicketsCount), kindCount(r.DonationsCount)}
	case *api.Ticket:
		return []any{kindID(r.ID), kindText(r.Event.Name), kindText(r.TicketType.Name), kindAmount(r.Price), kindText(r.Currency),
			kindText(r.Transaction.Status), kindText(r.Transaction.FullName), kindText(r.Transaction.Email)}
	case *api.Purchase:
		return []any{kindID(r.ID), kindText(r.Event.Name), kindText(r.Status), kindAmount(r.Amount), kindText(r.Currency),
			kindAmount(r.AmountRefunded), kindText(r.Date), kindCount(r.TicketsCount)}
	}
	return nil
}

// kindID is an id, written whole (no thousands separator in a table).
func kindID(n api.Int) any {
	if !n.Valid {
		return nil
	}
	return strconv.FormatInt(n.Value, 10)
}

func kindCount(n api.Int) any {
	if !n.Valid {
		return nil
	}
	return int(n.Value)
}

func kindText(t api.Text) any {
	if !t.Valid {
		return nil
	}
	return nonEmpty(t.Value)
}

func nonEmpty(s string) any {
	if strings.TrimSpace(s) == "" {
		return nil
	}
	return s
}

// kindAmount is n exact where it is a number, else as sent.
func kindAmount(n api.Number) any {
	if d, ok := n.Decimal(); ok {
		return d
	}
	if !n.Valid {
		return nil
	}
	return nonEmpty(n.Text)
}

// personName is a plan's donor's name: whole as sent, or from its parts.
func personName(p api.Person) any {
	if p.Name.Valid && strings.TrimSpace(p.Name.Value) != "" {
		return p.Name.Value
	}
	return nonEmpty(strings.TrimSpace(p.FirstName.Value + " " + p.LastName.Value))
}

// totals are a donor's totals, a currency each: "USD 120.00; EUR 5.00".
func totals(ts []api.Total) any {
	var parts []string
	for _, t := range ts {
		v := t.Value.Text
		if d, ok := t.Value.Decimal(); ok {
			v = d.String()
		}
		parts = append(parts, strings.TrimSpace(t.Currency.Value+" "+v))
	}
	return nonEmpty(strings.Join(parts, "; "))
}
