package dataset_test

import (
	"testing"

	"donations/api/apitest"
	"donations/dataset/datasettest"
)

// The helpers the tests of dataset share with those of store.
var (
	server        = datasettest.Server
	client        = datasettest.Client
	clockedClient = datasettest.ClockedClient
	open          = datasettest.Open
	tempStore     = datasettest.TempStore
	syncedCopy    = datasettest.Synced
	sync          = datasettest.Sync
	cutShort      = datasettest.CutShort
	ids           = datasettest.IDs
	sameAsServer  = datasettest.SameAsServer
	settled       = datasettest.Settled
	skipShort     = datasettest.SkipShort
	sized         = apitest.Sized
)

// onePageAtATime skips, in the race pass (-short), a test whose syncs
// read one page at a time: what it checks, named by checks, is in what
// the store holds or the sync says, which the first pass checks; a sync's
// writer and its pages fetched at once meet in the race pass's other
// tests (TestEveryKindOfServerSyncs, TestTwoSyncsAtOnce).
func onePageAtATime(t *testing.T, checks string) {
	t.Helper()
	apitest.FirstPassOnly(t, checks+", one page at a time")
}
