package store

// SchemaVersion is the version a store is upgraded to, for the tests that
// make a store of each older one.
const SchemaVersion = schemaVersion
