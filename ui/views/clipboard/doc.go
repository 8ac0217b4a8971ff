// Package clipboard is the copy prompt (y): one key puts the selected
// gift's e-mail, id or JSON on the terminal's clipboard (OSC 52).
package clipboard
