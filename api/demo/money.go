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
