// Package logview is the request log (l): every request the client made,
// its answer and the server's budget, and every wait with its reason.
package logview
