// Package league decides the league's life: who may join and the activity rule, the
// status a league moves through, who may record or correct a result, accepting a
// correction, withdrawal, replacement and the missing man. It is pure Go: its functions
// take the league's state as values and return a decision and the events it causes, with
// no SQL and no HTTP, so that each rule is decided once, here, and the services that own
// the transactions (package service) only load, ask and save.
//
// The game scorers live in package scoring; the rules here cite the seeds
// (league-scoring-system.txt, armada-scoring-and-rating.txt) and CONTRACT sections 4-8.
package league
