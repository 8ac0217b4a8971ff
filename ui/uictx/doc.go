// Package uictx is what every view of the browser shares, read-only but for
// the flash note: the Context (styles, keys, layout, clock, time zone, the
// request log), the Child interface a view implements, the Place it is drawn
// in and the Navigator it moves the keys with, the shown Row, and the
// helpers that format a field the same way on every screen.
//
// It holds no data and asks nothing: the root (package ui) owns the
// question and the answer on screen, which a view reads through Data
// (data.go). A view asks for a change by posting a Request to its Outbox
// (requests.go); the root carries it out.
package uictx
