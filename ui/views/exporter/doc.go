// Package exporter is the export prompt (e) and the export it starts: what
// the list shows, written to a .csv or .ndjson file through the writers of
// `donations list` (package export, whose name this folder leaves free),
// off the event loop, its progress on the message line.
package exporter
