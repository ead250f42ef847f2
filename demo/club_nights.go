package demo

import (
	"context"
	"fmt"
	"time"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// demoZone is the demo leagues' time zone.
const demoZone = "Europe/Paris"

// seedClubNights gives the demo leagues a club's ordinary life: Spring Cartagena meets on
// Tuesdays at 19:30 at a venue, one round a week, so its games still to play fall on the
// coming Tuesdays and show on the desk and in the calendars; bruno co-organises it. The
// open club night will meet on Thursdays from the week after next, dated as soon as its 8th
// player joins.
func seedClubNights(ctx context.Context, st *store.Store, users []store.User) error {
	loc, err := time.LoadLocation(demoZone)
	if err != nil {
		return fmt.Errorf("seed club nights: %w", err)
	}
	organiser := users[0].ID
	open, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	if err != nil {
		return fmt.Errorf("seed club nights: %w", err)
	}
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	if err != nil {
		return fmt.Errorf("seed club nights: %w", err)
	}
	zone := demoZone
	now := time.Now().In(loc)
	for _, l := range append(running, open...) {
		switch l.Name {
		case RunningLeagueName:
			venue, about := "Café Ludique, 12 rue des Dés", "Cartagena every Tuesday evening. Arrive by 19:15; games start at 19:30."
			if err := service.NewLeagues(st).Edit(ctx, l.ID, organiser, store.LeagueEdit{Venue: &venue, Description: &about, TimeZone: &zone}); err != nil {
				return fmt.Errorf("seed club nights: %w", err)
			}
			// Round 1 so long ago that the first game still to play is next Tuesday's.
			first := weekdayAfter(now, time.Tuesday, 19, 30).AddDate(0, 0, -7*runningRecorded)
			if err := service.NewLeagues(st).SetRhythm(ctx, l.ID, organiser, first, 7); err != nil {
				return fmt.Errorf("seed club nights: %w", err)
			}
			if err := service.NewLeagues(st).SetCoOrganiser(ctx, l.ID, organiser, users[1].Username, true); err != nil {
				return fmt.Errorf("seed club nights: %w", err)
			}
		case OpenLeagueName:
			venue := "The games library, room 2"
			if err := service.NewLeagues(st).Edit(ctx, l.ID, organiser, store.LeagueEdit{Venue: &venue, TimeZone: &zone}); err != nil {
				return fmt.Errorf("seed club nights: %w", err)
			}
			first := weekdayAfter(now.AddDate(0, 0, 7), time.Thursday, 20, 0)
			if err := service.NewLeagues(st).SetRhythm(ctx, l.ID, organiser, first, 7); err != nil {
				return fmt.Errorf("seed club nights: %w", err)
			}
		}
	}
	return nil
}

// weekdayAfter is the first day strictly after t that is day, at hour:minute in t's zone.
func weekdayAfter(t time.Time, day time.Weekday, hour, minute int) time.Time {
	d := time.Date(t.Year(), t.Month(), t.Day(), hour, minute, 0, 0, t.Location()).AddDate(0, 0, 1)
	for d.Weekday() != day {
		d = d.AddDate(0, 0, 1)
	}
	return d
}
