package demo

import (
	"encoding/json"
	"strings"
)

// pay draws how a donation was paid: card, wallet, PayPal or bank account.
func pay(r *rng, rec *Record) {
	switch k := r.intn(20); {
	case k < 14:
		rec.DonationType, rec.PaymentType = "credit_card", pick(r, []string{"visa", "visa", "mastercard", "amex", "discover"})
		rec.PaymentChargeID = "ch_" + token(r, 24)
		rec.Last4 = digits(4)(r)
		y, m := 2026+r.intn(6), 1+r.intn(12)
		rec.ExpYear, rec.ExpMonth = &y, &m
	case k < 16:
		rec.DonationType, rec.PaymentType = "digital_wallet", pick(r, []string{"apple_pay", "google_pay"})
		rec.PaymentChargeID = "ch_" + token(r, 24)
		rec.Last4 = digits(4)(r)
		y, m := 2026+r.intn(6), 1+r.intn(12)
		rec.ExpYear, rec.ExpMonth = &y, &m
	case k < 18:
		rec.DonationType, rec.PaymentType = "paypal", "paypal"
		rec.PaymentChargeID = "PAYID-" + strings.ToUpper(token(r, 20))
	default:
		rec.DonationType, rec.PaymentType = "ach", "us_bank_account"
		rec.PaymentChargeID = "py_" + token(r, 24)
		rec.Last4 = digits(4)(r)
	}
}

// fees sets the processing and app fees of a gift of cents, and whether
// the donor covered them.
func fees(r *rng, rec *Record, cents int64, symbol string) {
	fee := int64(0)
	if rec.DonationType != "ach" {
		fee = (cents*29+500)/1000 + 30
	} else {
		fee = min((cents*8+500)/1000, 500)
	}
	app := (cents*1 + 50) / 100
	rec.ProcessingFee, rec.FormattedProcessingFee = json.Number(money(fee)), formatted(symbol, fee)
	rec.AppFee, rec.FormattedAppFee = json.Number(money(app)), formatted(symbol, app)
	rec.FeeCovered = "No"
	if r.chance(0.3) {
		rec.FeeCovered = "Yes"
	}
}
