package dataset_test

import (
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
