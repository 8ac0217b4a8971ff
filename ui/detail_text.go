package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/lipgloss/v2"

	"donations/api"
	"donations/export"
	"donations/textsafe"
)

// detailText is the full record, section by section, wrapped to width. It is
// built when the selection or the width changes, not on every frame.
func detailText(d *api.Donation, width int, loc *time.Location, st Styles) string {
	const labelW = 20
	valueW := max(width-labelW-1, 10)
	var b strings.Builder
	section := func(title string) {
		if b.Len() > 0 {
			b.WriteString("\n")
		}
		b.WriteString(st.Section.Render(title))
		b.WriteString("\n")
	}
	field := func(label, value string) {
		wrapped := lipgloss.NewStyle().Width(valueW).Render(value)
		for i, line := range strings.Split(wrapped, "\n") {
			l := ""
			if i == 0 {
				l = label
			}
			b.WriteString(st.Label.Render(textsafe.Fit(l, labelW)))
			b.WriteString(" ")
			b.WriteString(line)
			b.WriteString("\n")
		}
	}

	sum := d.Summary()
	section("Donor")
	name := donorName(&sum)
	if d.Anonymous.Value {
		name += "  (gave anonymously)"
	}
	field("Name", name)
	field("E-mail", show(d.Email))
	field("Address", address(d))
	field("Anonymous", showFlag(d.Anonymous))

	section("Gift")
	field("Amount", amount(&sum)+"  "+strings.ToUpper(show(d.Currency)))
	conv := textsafe.Line(d.FormattedConvertedAmount.Value)
	if conv == "" {
		conv = showNumber(d.ConvertedAmount)
	}
	field("Converted", conv+"  "+show(d.ConvertedCurrency))
	field("Donation type", show(d.DonationType))
	field("Payment", show(d.PaymentType))
	card := show(d.Last4)
	if d.Last4.Value != "" {
		card = "•••• " + card
	}
	if d.ExpMonth.Valid && d.ExpYear.Valid {
		card += "  exp " + twoDigits(d.ExpMonth.Value) + "/" + itoa64(d.ExpYear.Value)
	}
	field("Card / account", card)
	field("Charge id", show(d.PaymentChargeID))
	field("Status", st.StatusStyle(d.Status.Value).Render(show(d.Status)))
	field("Recurring", showFlag(d.Recurring))
	field("Date", when(d.DonationDate, loc, "2006-01-02 15:04:05 MST"))
	if tz := d.Timezone.Value; tz != "" {
		donor := textsafe.Line(tz)
		if zone, err := time.LoadLocation(tz); err == nil {
			donor = when(d.DonationDate, zone, "2006-01-02 15:04 MST") + " · " + donor
		}
		field("Donor's time", donor)
	}
	field("Last updated", when(d.LastUpdatedAt, loc, "2006-01-02 15:04:05 MST"))
	field("Form", show(d.FormName))

	section("Fees")
	field("Processing fee", feeText(d.FormattedProcessingFee, d.ProcessingFee))
	field("App fee", feeText(d.FormattedAppFee, d.AppFee))
	field("Fee covered", show(d.FeeCovered))
	if net, ok := d.NetAmount(); ok {
		field("Net", net.String()+" "+strings.ToUpper(textsafe.Line(d.Currency.Value))+"  (amount − fees)")
	} else {
		field("Net", missing+"  (needs amount and both fees)")
	}

	section("Questions")
	if len(d.Questions) == 0 {
		b.WriteString(st.Muted.Render("No answers.") + "\n")
	}
	for i, q := range d.Questions {
		text := textsafe.Line(q.Question.Value)
		if strings.TrimSpace(text) == "" {
			text = st.Muted.Render("(question " + itoa64(int64(i+1)) + ", no text)")
		}
		kind := ""
		if q.Type.Value != "" {
			kind = st.Muted.Render(" [" + textsafe.Line(q.Type.Value) + "]")
		}
		b.WriteString(lipgloss.NewStyle().Width(width).Render(text+kind) + "\n")
		ans := textsafe.Block(export.AnswerText(q.Answer))
		if ans == "" {
			ans = st.Muted.Render("(no answer)")
		}
		b.WriteString(lipgloss.NewStyle().Width(width).PaddingLeft(2).Render("→ "+ans) + "\n")
	}

	section("Tribute")
	if h := d.Honor; h == nil {
		b.WriteString(st.Muted.Render("No tribute.") + "\n")
	} else {
		field("Honoree", show(h.HonoreeName))
		field("Type", show(h.TributeType))
		field("Notification", show(h.NotificationPreference))
		field("Recipient", show(h.RecipientName))
		field("Recipient e-mail", show(h.RecipientEmail))
		field("Recipient address", joinNonEmpty(", ", h.RecipientAddress, h.RecipientCity, h.RecipientState, h.RecipientZipcode, h.RecipientCountry))
		msg := textsafe.Block(h.RecipientMessage.Value)
		if !h.RecipientMessage.Valid || msg == "" {
			msg = missing
		}
		field("Message", msg)
	}

	utm := [][2]string{{"utm_source", d.UTMSource.Value}, {"utm_medium", d.UTMMedium.Value}, {"utm_campaign", d.UTMCampaign.Value}, {"utm_content", d.UTMContent.Value}}
	section("Attribution")
	shown := false
	for _, u := range utm {
		if u[1] != "" {
			field(u[0], textsafe.Line(u[1]))
			shown = true
		}
	}
	if !shown {
		b.WriteString(st.Muted.Render("No UTM values.") + "\n")
	}
	section("Record")
	field("Donation id", itoa64(d.ID.Value))
	return strings.TrimRight(b.String(), "\n")
}

func address(d *api.Donation) string {
	return joinNonEmpty(", ", d.Address, d.City, d.State, d.Postcode, d.Country)
}

func joinNonEmpty(sep string, parts ...api.Text) string {
	var out []string
	for _, p := range parts {
		if v := strings.TrimSpace(textsafe.Line(p.Value)); v != "" {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return missing
	}
	return strings.Join(out, sep)
}

func feeText(formatted api.Text, n api.Number) string {
	if formatted.Value != "" {
		return textsafe.Line(formatted.Value)
	}
	return showNumber(n)
}

func itoa64(v int64) string { return strconv.FormatInt(v, 10) }

func twoDigits(v int64) string { return fmt.Sprintf("%02d", v) }
