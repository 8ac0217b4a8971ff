// Package command is the browser's : prompt, as k9s has one: a line at the
// bottom where the name of a kind (:plans, :campaigns, :donors,
// :donations...) switches what is shown. Tab completes a name, a misspelt
// one is answered with the name it was likely meant to be, and Esc
// cancels.
package command
