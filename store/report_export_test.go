package store

import "context"

// ReadsSomeDonors says whether the reports of q take from the donors table
// which donors' gifts to read (their fast path).
func (s *Store) ReadsSomeDonors(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.reportRule(ctx, q)
	return ok, err
}

// NotesFromRollups says whether the notes of q are read from the rollups
// (their fast path).
func (s *Store) NotesFromRollups(ctx context.Context, q ReportQuery) (bool, error) {
	_, ok, err := s.notesFromRollups(ctx, q)
	return ok, err
}
