package detail

import (
	"fmt"
	"strings"
	"time"

	"donations/api"
	"donations/export"
	"donations/textsafe"
	"donations/ui/uictx"
)

// detailWriter builds the detail text: sections, and label/value rows whose
// values wrap beside the label.
type detailWriter struct {
	b     strings.Builder
	st    uictx.Styles
	loc   *time.Location
	width int
	rows  int // rows written in the current section
}

const detailLabelW = 20

func (w *detailWriter) section(title string) {
	if w.b.Len() > 0 {
		w.b.WriteString("\n")
	}
	w.b.WriteString(w.st.Section.Render(title))
	w.b.WriteString("\n")
	w.rows = 0
}

// field writes a label and its value beside it. A value with a word too
// long for the room beside the label (an e-mail, a charge id at 120
// columns) goes whole on the lines under the label, where the pane's full
// width fits it, rather than being split mid-address beside it.
func (w *detailWriter) field(label, value string) {
	beside := max(w.width-detailLabelW-1, 10)
	if under := w.width - fieldIndent; !wordsFit(value, beside) && under > beside {
		w.b.WriteString(w.st.Label.Render(textsafe.Fit(label, detailLabelW)) + "\n")
		w.line(value, fieldIndent)
		return
	}
	for i, line := range strings.Split(wrapDetail(value, beside), "\n") {
		l := ""
		if i == 0 {
			l = label
		}
		w.b.WriteString(w.st.Label.Render(textsafe.Fit(l, detailLabelW)))
		w.b.WriteString(" ")
		w.b.WriteString(line)
		w.b.WriteString("\n")
	}
	w.rows++
}

// fieldIndent sets a value under its label off from the next label.
const fieldIndent = 2

// wordsFit says whether every word of s fits in width cells, so that
// wrapping it breaks only between words.
func wordsFit(s string, width int) bool {
	for _, word := range strings.Fields(s) {
		if textsafe.Width(word) > width {
			return false
		}
	}
	return true
}

// line writes a line of its own, wrapped to the width.
func (w *detailWriter) line(s string, indent int) {
	pad := strings.Repeat(" ", indent)
	for _, l := range strings.Split(wrapDetail(s, max(w.width-indent, 10)), "\n") {
		w.b.WriteString(pad + l + "\n")
	}
	w.rows++
}

// wrapDetail wraps a value to width, as the terminal counts cells: an e-mail
// address or a URL too long for the line breaks after its "@", a "." or a
// "/", never mid-word ("…@example.c" / "om").
func wrapDetail(s string, width int) string { return textsafe.Wrap(s, width, "@./") }

func (w *detailWriter) note(s string) { w.b.WriteString(w.st.Muted.Render(s) + "\n") }

// shower draws one field of the table in the detail; nil means the field is
// drawn with another (the last name with the first, the city in the address).
type shower func(w *detailWriter, d *api.Donation)

// detailText is the full record, section by section, wrapped to width. The
// sections and their fields come from the field table, in its order; a field
// with no shower here is drawn as its label and value. It is built when the
// selection or the width changes, not on every frame.
func detailText(d *api.Donation, width int, loc *time.Location, st uictx.Styles) string {
	w := &detailWriter{st: st, loc: loc, width: width}
	// The id and date first: what a support reply quotes.
	w.line(w.st.Title.Render("Donation "+uictx.ShowInt(d.ID))+"  "+uictx.When(d.DonationDate, loc, "2006-01-02 15:04 MST"), 0)
	for _, sec := range api.Sections {
		w.section(sec.String())
		for i := range api.Fields {
			f := &api.Fields[i]
			if f.Section != sec {
				continue
			}
			fn, special := showers[f.Name]
			switch {
			case !special:
				if v := plainValue(f.At(d)); v != uictx.Missing || !f.Optional {
					w.field(f.Label, v)
				}
			case fn != nil:
				fn(w, d)
			}
		}
		if end := sectionEnds[sec]; end != nil {
			end(w, d)
		}
	}
	return strings.TrimRight(w.b.String(), "\n")
}

// plainValue is a text, number, integer or flag field as shown.
func plainValue(p any) string {
	switch v := p.(type) {
	case *api.Text:
		return uictx.Show(*v)
	case *api.Number:
		return uictx.ShowNumber(*v)
	case *api.Int:
		return uictx.ShowInt(*v)
	case *api.Flag:
		return uictx.ShowFlag(*v)
	}
	return uictx.Missing
}

var showers = map[string]shower{
	// A gift with no form shows its campaign there, at the top of the gift
	// as in the list's FORM column, rather than 20 lines further down.
	"form_name": func(w *detailWriter, d *api.Donation) {
		if name, campaign := export.FormOrCampaign(d.FormName, d.CampaignName); campaign {
			w.field("Campaign", uictx.Show(name))
		} else {
			w.field("Form", uictx.Show(name))
		}
	},
	"campaign_name": func(w *detailWriter, d *api.Donation) {
		if _, shown := export.FormOrCampaign(d.FormName, d.CampaignName); !shown && d.CampaignName.Valid {
			w.field("Campaign", uictx.Show(d.CampaignName))
		}
	},
	"first_name": func(w *detailWriter, d *api.Donation) {
		name := textsafe.Line(d.DonorName())
		if name == "" {
			name = uictx.Missing
		}
		if d.Anonymous.Value {
			name += "  (gave anonymously)"
		}
		w.field("Name", name)
	},
	"last_name": nil,
	"address": func(w *detailWriter, d *api.Donation) {
		w.field("Address", joinNonEmpty(", ", d.Address, d.AddressLine2, d.City, d.State, d.Postcode, d.Country))
	},
	"address_line_2": nil, "city": nil, "state": nil, "postcode": nil, "country": nil,
	"status": func(w *detailWriter, d *api.Donation) {
		w.field("Status", w.st.StatusStyle(d.Status.Value).Render(uictx.Show(d.Status)))
	},
	"amount": func(w *detailWriter, d *api.Donation) {
		sum := d.Summary()
		w.field("Amount", uictx.Amount(&sum)+"  "+strings.ToUpper(uictx.Show(d.Currency)))
	},
	"formatted_amount": nil, "currency": nil,
	"converted_amount": func(w *detailWriter, d *api.Donation) {
		conv := textsafe.Line(d.FormattedConvertedAmount.Value)
		if conv == "" {
			conv = uictx.ShowNumber(d.ConvertedAmount)
		}
		w.field("Converted", conv+"  "+uictx.Show(d.ConvertedCurrency))
	},
	"formatted_converted_amount": nil, "converted_currency": nil,
	"donation_date": showDate,
	"timezone":      nil,
	"last_updated_at": func(w *detailWriter, d *api.Donation) {
		w.field("Last updated", uictx.When(d.LastUpdatedAt, w.loc, "2006-01-02 15:04:05 MST"))
	},
	"last4":     showCard,
	"exp_year":  nil,
	"exp_month": nil,
	"processing_fee": func(w *detailWriter, d *api.Donation) {
		w.field("Processing fee", feeText(d.FormattedProcessingFee, d.ProcessingFee))
	},
	"formatted_processing_fee": nil,
	"app_fee": func(w *detailWriter, d *api.Donation) {
		w.field("App fee", feeText(d.FormattedAppFee, d.AppFee))
	},
	"formatted_app_fee": nil,
	"fee_covered":       showFeeCovered,
	"amount_refunded":   showRefunded,
	// The converted net is drawn as the net when the fees do not give it.
	"formatted_amount_refunded": nil, "converted_net_amount": nil, "formatted_converted_net_amount": nil,
	"questions":      showQuestions,
	"donation_honor": showTribute,
	"utm_source":     showUTM("utm_source"),
	"utm_medium":     showUTM("utm_medium"),
	"utm_campaign":   showUTM("utm_campaign"),
	"utm_content":    showUTM("utm_content"),
	"utm_term":       showUTM("utm_term"),
}

// sectionEnds draw what follows a section's fields: figures worked out from
// several fields, or a note when a section showed nothing.
var sectionEnds = map[api.Section]shower{
	api.SectionFees: func(w *detailWriter, d *api.Donation) {
		net, ok := d.NetAmount()
		refund := refundText(d)
		switch {
		case ok && refund != "":
			w.field("Net", netText(d, net)+"  (amount − fees, "+refund+" refunded not taken off)")
		case ok:
			w.field("Net", netText(d, net)+"  (amount − fees)")
		case d.ConvertedNetAmount.Valid && refund != "":
			// Whether the server's net takes the refund off is not told.
			w.field("Net", moneyText(d.FormattedConvertedNetAmount, d.ConvertedNetAmount, d.ConvertedCurrency)+"  (converted, as the server says; "+refund+" refunded)")
		case d.ConvertedNetAmount.Valid:
			w.field("Net", moneyText(d.FormattedConvertedNetAmount, d.ConvertedNetAmount, d.ConvertedCurrency)+"  (converted, as the server says)")
		default:
			w.field("Net", uictx.Missing+"  (needs amount and both fees)")
		}
	},
	api.SectionAttribution: func(w *detailWriter, _ *api.Donation) {
		if w.rows == 0 {
			w.note("No UTM values.")
		}
	},
}

// showFeeCovered says Yes or No for a boolean, as the spec's text does.
func showFeeCovered(w *detailWriter, d *api.Donation) {
	v := uictx.Show(d.FeeCovered)
	switch strings.ToLower(strings.TrimSpace(d.FeeCovered.Value)) {
	case "true":
		v = "Yes"
	case "false":
		v = "No"
	}
	w.field("Fee covered", v)
}

// showRefunded draws a refund only when one is told: zero is "none".
func showRefunded(w *detailWriter, d *api.Donation) {
	if !d.AmountRefunded.Valid {
		return
	}
	v := refundText(d)
	if v == "" {
		v = "none"
	}
	w.field("Refunded", v)
}

// refundText is the amount refunded; "" when none is told, or zero.
func refundText(d *api.Donation) string {
	if !d.AmountRefunded.Valid {
		return ""
	}
	if n, ok := d.AmountRefunded.Decimal(); ok && n.Compare(api.Decimal{}) == 0 {
		return ""
	}
	return moneyText(d.FormattedAmountRefunded, d.AmountRefunded, d.Currency)
}

func showDate(w *detailWriter, d *api.Donation) {
	w.field("Date", uictx.When(d.DonationDate, w.loc, "2006-01-02 15:04:05 MST"))
	if tz := d.Timezone.Value; tz != "" {
		donor := textsafe.Line(tz)
		if zone, err := time.LoadLocation(tz); err == nil {
			donor = uictx.When(d.DonationDate, zone, "2006-01-02 15:04 MST") + " · " + donor
		}
		w.field("Donor's time", donor)
	}
}

func showCard(w *detailWriter, d *api.Donation) {
	card := uictx.Show(d.Last4)
	if d.Last4.Value != "" {
		card = "•••• " + card
	}
	if d.ExpMonth.Valid && d.ExpYear.Valid {
		card += "  exp " + twoDigits(d.ExpMonth.Value) + "/" + uictx.Itoa(d.ExpYear.Value)
	}
	if strings.TrimSpace(card) == "" {
		card = uictx.Missing // a PayPal gift sends an empty last4
	}
	w.field("Card / account", card)
}

func showQuestions(w *detailWriter, d *api.Donation) {
	if len(d.Questions) == 0 {
		w.note("No answers.")
	}
	for i, q := range d.Questions {
		text := textsafe.Line(q.Question.Value)
		if strings.TrimSpace(text) == "" {
			text = w.st.Muted.Render("(question " + uictx.Itoa(int64(i+1)) + ", no text)")
		}
		if q.Type.Value != "" {
			text += w.st.Muted.Render(" [" + textsafe.Line(q.Type.Value) + "]")
		}
		w.line(text, 0)
		ans := textsafe.Block(export.AnswerText(q.Answer))
		if ans == "" {
			ans = w.st.Muted.Render("(no answer)")
		}
		w.line("→ "+ans, 2)
	}
}

// showTribute draws the tribute's fields from their table; the recipient's
// address parts are one line, at the first of them.
func showTribute(w *detailWriter, d *api.Donation) {
	h := d.Honor
	if h == nil {
		w.note("No tribute.")
		return
	}
	for i := range api.HonorFields {
		f := &api.HonorFields[i]
		switch f.Name {
		case "recipient_country":
			w.field("Recipient address", joinNonEmpty(", ", h.RecipientAddress, h.RecipientCity, h.RecipientState, h.RecipientZipcode, h.RecipientCountry))
		case "recipient_state", "recipient_city", "recipient_zipcode", "recipient_address":
		case "recipient_message":
			msg := textsafe.Block(h.RecipientMessage.Value)
			if !h.RecipientMessage.Valid || msg == "" {
				msg = uictx.Missing
			}
			w.field(f.Label, msg)
		default:
			w.field(f.Label, uictx.Show(*f.At(h)))
		}
	}
}

// showUTM draws an attribution value only when there is one.
func showUTM(name string) shower {
	return func(w *detailWriter, d *api.Donation) {
		for i := range api.Fields {
			if f := &api.Fields[i]; f.Name == name {
				if t := f.At(d).(*api.Text); t.Value != "" {
					w.field(name, textsafe.Line(t.Value))
				}
			}
		}
	}
}

func joinNonEmpty(sep string, parts ...api.Text) string {
	var out []string
	for _, p := range parts {
		if v := strings.TrimSpace(textsafe.Line(p.Value)); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return uictx.Missing
	}
	return strings.Join(out, sep)
}

// moneyText is the server's formatted figure, or the number and currency.
func moneyText(formatted api.Text, n api.Number, currency api.Text) string {
	if formatted.Value != "" {
		return textsafe.Line(formatted.Value)
	}
	return uictx.ShowNumber(n) + " " + strings.ToUpper(textsafe.Line(currency.Value))
}

func feeText(formatted api.Text, n api.Number) string {
	if formatted.Value != "" {
		return textsafe.Line(formatted.Value)
	}
	return uictx.ShowNumber(n)
}

func twoDigits(v int64) string { return fmt.Sprintf("%02d", v) }

// netText writes the net in the amount's own money format: the server's
// formatted amount with its number replaced ("$1,000.00" → "$970.50"), or
// the decimal and currency when the number cannot be found in it.
func netText(d *api.Donation, net api.Decimal) string {
	n, sign := net.String(), ""
	if strings.HasPrefix(n, "-") {
		n, sign = n[1:], "-"
	}
	f := textsafe.Line(d.FormattedAmount.Value)
	if num := uictx.Grouped(d.Amount.Text); d.Amount.Text != "" && strings.Count(f, num) == 1 {
		return sign + strings.Replace(f, num, uictx.Grouped(n), 1)
	}
	return sign + uictx.Grouped(n) + " " + strings.ToUpper(textsafe.Line(d.Currency.Value))
}
