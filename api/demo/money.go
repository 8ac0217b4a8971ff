package demo

import (
	"strconv"
	"strings"
)

type currency struct {
	code, symbol string
	// usdPerMille converts to USD: 1 unit = usdPerMille/1000 USD.
	usdPerMille int64
}

var currencies = []currency{
	{"usd", "$", 1000}, {"usd", "$", 1000}, {"usd", "$", 1000}, {"usd", "$", 1000}, {"usd", "$", 1000},
	{"eur", "€", 1080}, {"gbp", "£", 1270}, {"cad", "CA$", 730}, {"aud", "A$", 660}, {"jpy", "¥", 7},
}

// money writes cents as "1234.56"; formatted writes "$1,234.56".
func money(cents int64) string {
	neg := ""
	if cents < 0 {
		neg, cents = "-", -cents
	}
	return neg + strconv.FormatInt(cents/100, 10) + "." + pad2(cents%100)
}

func pad2(v int64) string {
	if v < 10 {
		return "0" + strconv.FormatInt(v, 10)
	}
	return strconv.FormatInt(v, 10)
}

func formatted(symbol string, cents int64) string {
	whole := strconv.FormatInt(cents/100, 10)
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return symbol + b.String() + "." + pad2(cents%100)
}

// centsOf reads "1234.56" (as money writes it) back into cents.
func centsOf(s string) int64 {
	whole, frac, _ := strings.Cut(s, ".")
	w, _ := strconv.ParseInt(whole, 10, 64)
	f, _ := strconv.ParseInt((frac + "00")[:2], 10, 64)
	if strings.HasPrefix(whole, "-") {
		return w*100 - f
	}
	return w*100 + f
}

// boxAmount writes cents as Donorbox does, a decimal without its trailing
// zeros but one: "100.0", "2.5", "2.57".
func boxAmount(cents int64) string {
	return strings.TrimSuffix(money(cents), "0")
}

// boxNumber writes cents as a JSON number the way Donorbox sends fees: 0.59, 3.2, 3.
func boxNumber(cents int64) string {
	return strconv.FormatFloat(float64(cents)/100, 'f', -1, 64)
}

// boxFormatted writes cents as Donorbox formats them: "$100", "$2.57".
func boxFormatted(symbol string, cents int64) string {
	return strings.TrimSuffix(formatted(symbol, cents), ".00")
}
