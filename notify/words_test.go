package notify

import (
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
)

// Each kind of notice is worded for people: league points as mixed numbers with their
// unit, dates in the league's time zone, and the page it is about last.
func TestWords(t *testing.T) {
	w := New(nil, slog.New(slog.DiscardHandler), Config{BaseURL: "https://club.example/"})
	start := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	results := []store.NoticeResult{
		{Username: "ada", Place: 1, Points: "35/2"}, {Username: "bo", Place: 2, Points: "1"},
		{Username: "cy", Place: 2, Points: "0"}, {Username: "di", Place: 4, Points: "-4/3"},
	}
	resultLines := "1st  ada  17 1/2 points\n2nd  bo  1 point\n2nd  cy  0 points\n4th  di  −1 1/3 points\n"
	for _, tc := range []struct {
		name          string
		notice        store.Notice
		subject, text string
	}{
		{"schedule drawn", store.Notice{Kind: store.NoticeScheduleDrawn, LeagueID: 7, LeagueName: "The cartagena league",
			Game: "cartagena", GameID: 3, Games: 32},
			"The cartagena league: the schedule is drawn",
			"The cartagena league is full and its schedule is drawn: 32 games of Cartagena.\n\nhttps://club.example/leagues/7\n"},
		{"one game drawn", store.Notice{Kind: store.NoticeScheduleDrawn, LeagueID: 7, LeagueName: "L", Game: "cartagena", Games: 1},
			"L: the schedule is drawn", "L is full and its schedule is drawn: 1 game of Cartagena.\n\nhttps://club.example/leagues/7\n"},
		{"result recorded", store.Notice{Kind: store.NoticeResultRecorded, LeagueID: 7, LeagueName: "The cartagena league",
			Game: "cartagena", GameID: 12, GameNumber: 5, Results: results},
			"Result recorded: game 5 of The cartagena league",
			"The result of game 5 of The cartagena league (Cartagena) was recorded.\n\n" + resultLines +
				"\nhttps://club.example/games/12\n"},
		{"result of a normal game corrected", store.Notice{Kind: store.NoticeResultCorrected, Game: "cartagena", GameID: 12,
			Reason: "seats swapped", Results: results[:1]},
			"Result corrected: Cartagena game",
			"The result of Cartagena game (Cartagena) was corrected.\nReason: seats swapped\n\n1st  ada  17 1/2 points\n" +
				"\nhttps://club.example/games/12\n"},
		{"points not a number", store.Notice{Kind: store.NoticeResultRecorded, Game: "cartagena", GameID: 12,
			Results: []store.NoticeResult{{Username: "ada", Place: 1, Points: "many"}}},
			"Result recorded: Cartagena game",
			"The result of Cartagena game (Cartagena) was recorded.\n\n1st  ada  many points\n\nhttps://club.example/games/12\n"},
		{"result proposed", store.Notice{Kind: store.NoticeResultProposed, LeagueID: 7, LeagueName: "L", Game: "cartagena",
			GameID: 12, GameNumber: 5, Proposer: "ada", Results: results[:1]},
			"Confirm the result: game 5 of L",
			"ada proposed the result of game 5 of L (Cartagena). Confirm it or dispute it on the game's page or your desk.\n\n" +
				"1st  ada  17 1/2 points\n\nhttps://club.example/games/12\n"},
		{"result disputed", store.Notice{Kind: store.NoticeResultDisputed, LeagueID: 7, LeagueName: "L", Game: "cartagena",
			GameID: 12, GameNumber: 5, Proposer: "ada", DisputedBy: "bo", Reason: "I won", Results: results[:1]},
			"Result disputed: game 5 of L",
			"bo disputed the result ada proposed for game 5 of L (Cartagena): the organiser decides.\nReason: I won\n\n" +
				"1st  ada  17 1/2 points\n\nhttps://club.example/games/12\n"},
		{"result proposed, by display names, with its closing time and confirm link", store.Notice{Kind: store.NoticeResultProposed,
			LeagueID: 7, LeagueName: "L", Game: "cartagena", GameID: 12, GameNumber: 5, Proposer: "ada", ProposerName: "Ada Lovelace",
			Revision: 1, ClosesAt: &start, TimeZone: "Europe/Amsterdam", ConfirmToken: "ctok",
			Results: []store.NoticeResult{{Username: "ada", DisplayName: "Ada Lovelace", Place: 1, Points: "35/2"}}},
			"Confirm the result: game 5 of L",
			"Ada Lovelace proposed the result of game 5 of L (Cartagena). Confirm it or dispute it on the game's page or your desk.\n" +
				"You have until Tue 24 Nov 2026, 19:00 (Europe/Amsterdam) to confirm or dispute it; then the window closes.\n\n" +
				"1st  Ada Lovelace  17 1/2 points\n\nIs it right? Confirm it in one tap: https://club.example/confirm/ctok\n" +
				"\nhttps://club.example/games/12\n"},
		{"result proposed, changed", store.Notice{Kind: store.NoticeResultProposed, LeagueID: 7, LeagueName: "L", Game: "cartagena",
			GameID: 12, GameNumber: 5, Proposer: "ada", ProposerName: "Ada Lovelace", Revision: 2, Results: results[:1]},
			"Changed result to confirm: game 5 of L",
			"Ada Lovelace changed the result they proposed for game 5 of L (Cartagena). Confirm it or dispute it on the game's page or your desk.\n\n" +
				"1st  ada  17 1/2 points\n\nhttps://club.example/games/12\n"},
		{"result disputed, by display names", store.Notice{Kind: store.NoticeResultDisputed, LeagueID: 7, LeagueName: "L",
			Game: "cartagena", GameID: 12, GameNumber: 5, Proposer: "ada", ProposerName: "Ada Lovelace", DisputedBy: "bo",
			DisputedByName: "Bo Diddley", Reason: "I won",
			Results: []store.NoticeResult{{Username: "bo", DisplayName: "Bo Diddley", Place: 1, Points: "1"}}},
			"Result disputed: game 5 of L",
			"Bo Diddley disputed the result Ada Lovelace proposed for game 5 of L (Cartagena): the organiser decides.\nReason: I won\n\n" +
				"1st  Bo Diddley  1 point\n\nhttps://club.example/games/12\n"},
		{"game soon", store.Notice{Kind: store.NoticeGameSoon, LeagueID: 7, LeagueName: "L", Game: "cartagena", GameID: 12,
			GameNumber: 5, StartsAt: &start, Place: "The Meeple Café", TimeZone: "Europe/Amsterdam", AttendanceToken: "tok"},
			"Reminder: game 5 of L",
			"Your game 5 of L is soon: Tue 24 Nov 2026, 19:00 (Europe/Amsterdam), at The Meeple Café.\n\n" +
				"Coming? Answer in one tap: https://club.example/attend/tok\n\nhttps://club.example/games/12\n"},
		{"game soon, unknown zone, no place", store.Notice{Kind: store.NoticeGameSoon, LeagueID: 7, LeagueName: "L",
			Game: "cartagena", GameID: 12, GameNumber: 5, StartsAt: &start, TimeZone: "Mars/Olympus"},
			"Reminder: game 5 of L", "Your game 5 of L is soon: Tue 24 Nov 2026, 18:00 (UTC).\n\nhttps://club.example/games/12\n"},
		{"league finished", store.Notice{Kind: store.NoticeLeagueFinished, LeagueID: 7, LeagueName: "L", GameID: 12},
			"L is finished", "Every game of L is recorded; its standings are final.\n\nhttps://club.example/leagues/7\n"},
		{"league closed early", store.Notice{Kind: store.NoticeLeagueFinished, LeagueID: 7, LeagueName: "L", ClosedEarly: true},
			"L was closed early", "The organiser closed L early; its standings are final as they stand.\n\nhttps://club.example/leagues/7\n"},
		{"season open", store.Notice{Kind: store.NoticeSeasonOpen, Game: "cartagena", SeasonID: 4, SeasonName: "Summer"},
			"Summer: sign-up is open",
			"Summer (Cartagena) is open for sign-up, and you are signed up as a player of the last season. " +
				"Withdraw on its page if you will not play.\n\nhttps://club.example/seasons/4\n"},
		{"season started", store.Notice{Kind: store.NoticeSeasonStarted, LeagueID: 9, LeagueName: "Spring — Division 2",
			Game: "cartagena", SeasonID: 4, SeasonName: "Spring", Division: 2, FirstGames: []int{1, 4, 6}},
			"Spring has started: you play in division 2",
			"Spring has started. You play in division 2 (Spring — Division 2).\nYour first games are numbers 1, 4, 6.\n" +
				"\nhttps://club.example/seasons/4\n"},
		{"season started, one game", store.Notice{Kind: store.NoticeSeasonStarted, LeagueID: 9, LeagueName: "S — Division 1",
			SeasonID: 4, SeasonName: "S", Division: 1, FirstGames: []int{3}},
			"S has started: you play in division 1",
			"S has started. You play in division 1 (S — Division 1).\nYour first game is number 3.\n\nhttps://club.example/seasons/4\n"},
		{"season finished, up", store.Notice{Kind: store.NoticeSeasonFinished, SeasonID: 4, SeasonName: "Spring", Division: 2, ToDivision: 1},
			"Spring is finished: go up to division 1",
			"Spring is finished. You played in division 2 and go up to division 1.\n\nhttps://club.example/seasons/4\n"},
		{"season finished, down", store.Notice{Kind: store.NoticeSeasonFinished, SeasonID: 4, SeasonName: "Spring", Division: 1, ToDivision: 2},
			"Spring is finished: go down to division 2",
			"Spring is finished. You played in division 1 and go down to division 2.\n\nhttps://club.example/seasons/4\n"},
		{"season finished, stays", store.Notice{Kind: store.NoticeSeasonFinished, SeasonID: 4, SeasonName: "Spring", Division: 1, ToDivision: 1},
			"Spring is finished: stay in division 1",
			"Spring is finished. You played in division 1 and stay in division 1.\n\nhttps://club.example/seasons/4\n"},
		{"unknown kind", store.Notice{Kind: "solar_eclipse"}, "TableStakes: solar_eclipse", "\nhttps://club.example/\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subject, text := w.words(locales.Default(), tc.notice)
			assert.Equal(t, tc.subject, subject)
			assert.Equal(t, tc.text, text)
		})
	}
}

// No notice doubles a full stop, even where the organiser's or a player's own text ends with
// one (a place, a league's or season's name, a reason).
func TestWordsNeverDoubleAFullStop(t *testing.T) {
	w := New(nil, slog.New(slog.DiscardHandler), Config{BaseURL: "https://club.example/"})
	start := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	for _, kind := range store.NoticeKinds {
		for _, closed := range []bool{false, true} {
			no := store.Notice{Kind: kind, LeagueID: 7, LeagueName: "St. Ives Club.", Game: "cartagena", GameID: 12,
				GameNumber: 5, StartsAt: &start, Place: "The Crown, back room.", TimeZone: "Europe/London", Games: 4,
				Results: []store.NoticeResult{{Username: "ada", Place: 1, Points: "3"}}, Reason: "I came second.",
				ClosedEarly: closed, Proposer: "ada", DisputedBy: "bo", AttendanceToken: "tok", SeasonID: 4,
				SeasonName: "Spring.", Division: 1, ToDivision: 2, FirstGames: []int{1}}
			for _, l := range locales.Supported() {
				subject, text := w.words(l, no)
				assert.NotContains(t, subject, "..", "%s %s", l.Code, kind)
				assert.NotContains(t, text, "..", "%s %s", l.Code, kind)
			}
		}
	}
}

// A notice is worded in its recipient's language: its sentences, its plural forms, its
// numbers, dates and places as that language writes them; names stay as they are, and league
// points stay exact mixed numbers.
func TestWordsInTheRecipientsLanguage(t *testing.T) {
	w := New(nil, slog.New(slog.DiscardHandler), Config{BaseURL: "https://club.example"})
	start := time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)
	de, _ := locales.Get("de")
	it, _ := locales.Get("it")
	fr, _ := locales.Get("fr")
	results := []store.NoticeResult{{Username: "ada", Place: 1, Points: "35/2"}, {Username: "bo", Place: 2, Points: "1"},
		{Username: "cy", Place: 3, Points: "0"}}
	for _, tc := range []struct {
		name          string
		lang          locales.Lang
		notice        store.Notice
		subject, text string
	}{
		{"schedule drawn, many games", de, store.Notice{Kind: store.NoticeScheduleDrawn, LeagueID: 7, LeagueName: "Die Cartagena-Liga",
			Game: "cartagena", Games: 1232},
			"Die Cartagena-Liga: der Spielplan steht",
			"Die Cartagena-Liga ist voll und der Spielplan steht: 1.232 Partien Cartagena.\n\nhttps://club.example/leagues/7\n"},
		{"schedule drawn, one game", de, store.Notice{Kind: store.NoticeScheduleDrawn, LeagueID: 7, LeagueName: "L", Game: "cartagena", Games: 1},
			"L: der Spielplan steht", "L ist voll und der Spielplan steht: 1 Partie Cartagena.\n\nhttps://club.example/leagues/7\n"},
		{"result recorded", de, store.Notice{Kind: store.NoticeResultRecorded, LeagueID: 7, LeagueName: "L", Game: "cartagena",
			GameID: 12, GameNumber: 5, Results: results},
			"Ergebnis eingetragen: Partie 5 von L",
			"Das Ergebnis von Partie 5 von L (Cartagena) wurde eingetragen.\n\n1.  ada  17 1/2 Punkte\n2.  bo  1 Punkt\n3.  cy  0 Punkte\n" +
				"\nhttps://club.example/games/12\n"},
		{"result proposed, with its closing time", de, store.Notice{Kind: store.NoticeResultProposed, LeagueID: 7, LeagueName: "L",
			Game: "cartagena", GameID: 12, GameNumber: 5, Proposer: "ada", ProposerName: "Ada Lovelace", ClosesAt: &start,
			TimeZone: "Europe/Berlin", ConfirmToken: "ctok", Results: results[:1]},
			"Bitte bestätigen: Partie 5 von L",
			"Ada Lovelace hat das Ergebnis von Partie 5 von L (Cartagena) vorgeschlagen. Bestätige es oder fechte es an, auf der Seite der Partie oder an deinem Schreibtisch.\n" +
				"Du hast bis Di., 24. Nov. 2026, 19:00 (Europe/Berlin) Zeit, es zu bestätigen oder anzufechten; danach ist die Frist vorbei.\n\n" +
				"1.  ada  17 1/2 Punkte\n\nStimmt es? Mit einem Tipp bestätigen: https://club.example/confirm/ctok\n\nhttps://club.example/games/12\n"},
		{"game soon", it, store.Notice{Kind: store.NoticeGameSoon, LeagueID: 7, LeagueName: "L", Game: "cartagena", GameID: 12,
			GameNumber: 5, StartsAt: &start, Place: "Bar Sport", TimeZone: "Europe/Rome"},
			"Promemoria: partita 5 di L",
			"La tua partita 5 di L è a breve: mar 24 nov 2026, 19:00 (Europe/Rome), presso Bar Sport.\n\nhttps://club.example/games/12\n"},
		{"season started", fr, store.Notice{Kind: store.NoticeSeasonStarted, LeagueID: 9, LeagueName: "Printemps — Division 2",
			SeasonID: 4, SeasonName: "Printemps", Division: 2, FirstGames: []int{1, 4}},
			"Printemps a commencé : vous jouez en division 2",
			"Printemps a commencé. Vous jouez en division 2 (Printemps — Division 2).\nVos premières parties sont les numéros 1, 4.\n" +
				"\nhttps://club.example/seasons/4\n"},
		{"points in French: 0 and 1 take the singular", fr, store.Notice{Kind: store.NoticeResultCorrected, Game: "cartagena",
			GameID: 12, Reason: "places inversées", Results: results},
			"Résultat corrigé : partie de Cartagena",
			"Le résultat de la partie de Cartagena (Cartagena) a été corrigé.\nMotif : places inversées\n\n" +
				"1er  ada  17 1/2 points\n2e  bo  1 point\n3e  cy  0 point\n\nhttps://club.example/games/12\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			subject, text := w.words(tc.lang, tc.notice)
			assert.Equal(t, tc.subject, subject)
			assert.Equal(t, tc.text, text)
		})
	}
}
