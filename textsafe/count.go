package textsafe

import (
	"strconv"
	"strings"
)

// Count is n, with thousands separators, and the noun in its number:
// "1 donation", "1,234 donations", "2 currencies". Every count the program
// writes beside a noun goes through it, so none reads "1 gifts".
func Count(n int, noun string) string {
	return Thousands(strconv.Itoa(n)) + " " + Plural(n, noun)
}

// Plural is noun as n of it are called: itself for one, else its English
// plural by the regular rules, which the program's nouns all follow.
func Plural(n int, noun string) string {
	if n == 1 || n == -1 || noun == "" {
		return noun
	}
	switch last := noun[len(noun)-1]; {
	case last == 'y' && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	case last == 's' || last == 'x' || strings.HasSuffix(noun, "ch") || strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}
