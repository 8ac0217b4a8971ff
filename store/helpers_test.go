package store_test

import "donations/dataset/datasettest"

// The helpers the tests of store share with those of dataset.
var (
	server       = datasettest.Server
	client       = datasettest.Client
	open         = datasettest.Open
	tempStore    = datasettest.TempStore
	sync         = datasettest.Sync
	ids          = datasettest.IDs
	sameAsServer = datasettest.SameAsServer
	rollupsAgree = datasettest.RollupsAgree
	agree        = datasettest.Agree
	firstDiff    = datasettest.FirstDiff
	skipShort    = datasettest.SkipShort
	sized        = datasettest.Sized
)
