package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// Notices is the notices' service: the outbox rows the background writes (the reminders of
// games starting soon, the deliveries left without a job), each in one transaction with
// their River jobs, so a delivery's job commits or rolls back with its row.
type Notices struct {
	store *store.Store
}

// NewNotices returns the notices' service on st.
func NewNotices(st *store.Store) *Notices {
	return &Notices{store: st}
}

// EnqueueReminders writes the reminders due at now (of every game starting within
// league.ReminderWindow of now: league.ReminderSpan) that have none yet, with their River
// jobs, and returns how many rows it wrote. Any number of servers may run it at once: each
// reminder is written once.
func (s *Notices) EnqueueReminders(ctx context.Context, now time.Time) (int, error) {
	var n int
	after, through := league.ReminderSpan(now)
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		if n, err = s.store.InsertReminders(ctx, tx, after, through); err != nil {
			return err
		}
		return s.store.QueueDeliveries(ctx, tx)
	})
	if err != nil {
		return 0, fmt.Errorf("service: reminders: %w", err)
	}
	return n, nil
}

// QueueLeftoverDeliveries inserts the River jobs of outbox rows that have none (written by
// a release before River, still to be sent), and returns how many. The server runs it once
// at start; any number of servers may at once.
func (s *Notices) QueueLeftoverDeliveries(ctx context.Context) (int, error) {
	var n int
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		if n, err = s.store.LeftoverDeliveries(ctx, tx); err != nil || n == 0 {
			return err
		}
		return s.store.QueueDeliveries(ctx, tx)
	})
	if err != nil {
		return 0, fmt.Errorf("service: queue leftover deliveries: %w", err)
	}
	return n, nil
}
