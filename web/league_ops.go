package web

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	// Time zones come with the binary, so a machine without tzdata still knows them.
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// League text limits beyond the creation's, matching migration 00008's CHECKs.
const (
	leagueDescriptionMax = 2000
	leagueVenueMax       = 200
)

// editFields are the edit's fields in the order they are reported.
var editFields = []string{"name", "description", "venue", "time_zone", "game", "version", "edition", "players_per_game", "face_to_face",
	"results_by", "confirm_hours"}

// leagueEditInput is an edit as the API and the form send it; absent fields stay as they are.
type leagueEditInput struct {
	Name           *string `json:"name"`
	Description    *string `json:"description"`
	Venue          *string `json:"venue"`
	TimeZone       *string `json:"time_zone"`
	Game           *string `json:"game"`
	PlayersPerGame *int    `json:"players_per_game"`
	FaceToFace     *bool   `json:"face_to_face"`
	Version        *string `json:"version"`
	Edition        *string `json:"edition"`
	resultsSetting
}

// validateEdit normalises an edit of league l (trimmed text) and returns it with one
// message per wrong field. Players per game is checked against the game the league will
// play after the edit.
func validateEdit(l store.League, in leagueEditInput) (store.LeagueEdit, templates.FieldErrors) {
	errs := templates.FieldErrors{}
	// A description may have several lines; the other texts are one line.
	lineBreaks := strings.NewReplacer("\r\n", " ", "\n", " ")
	text := func(field string, v *string, maxLen int, required bool) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
		checked := s
		if field == "description" {
			checked = lineBreaks.Replace(s)
		}
		if msg := textProblem(checked, maxLen, required); msg != "" {
			errs[field] = msg
		}
		return &s
	}
	e := store.LeagueEdit{
		Name:        text("name", in.Name, leagueNameMax, true),
		Description: text("description", in.Description, leagueDescriptionMax, false),
		Venue:       text("venue", in.Venue, leagueVenueMax, false),
		Edition:     text("edition", in.Edition, leagueEditionMax, false),
		FaceToFace:  in.FaceToFace,
	}
	if in.ResultsBy != nil || in.ConfirmHours != nil {
		by, hours := in.resultsSetting.values(errs)
		if in.ResultsBy != nil {
			e.ResultsBy = &by
		}
		if in.ConfirmHours != nil {
			e.ConfirmHours = &hours
		}
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(tz); err != nil || tz == "" || tz == "Local" {
			errs["time_zone"] = "not a time zone name; use one like Europe/Paris or America/New_York"
		}
		e.TimeZone = &tz
	}
	slug := l.Game
	if in.Game != nil {
		slug = *in.Game
		e.Game = in.Game
	}
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		errs["game"] = fieldProblem(err)
	}
	// The version: the one given, else the new game's default when the game changes, else
	// the league's (CONTRACT section 9).
	version := l.Version
	switch {
	case in.Version != nil:
		version = strings.TrimSpace(*in.Version)
	case in.Game != nil:
		version = ""
	}
	var v scoring.Version
	if err == nil {
		if v, err = game.Version(version); err != nil {
			errs["version"] = fieldProblem(err)
		} else if in.Version != nil || in.Game != nil {
			e.Version = &v.Slug
		}
	}
	if in.PlayersPerGame != nil || in.Version != nil || (in.Game != nil && err == nil) {
		size := l.PlayersPerGame
		if in.PlayersPerGame != nil {
			size = *in.PlayersPerGame
			e.PlayersPerGame = in.PlayersPerGame
		}
		switch {
		case size < 2 || size > store.LeagueSize:
			errs["players_per_game"] = "must be between 2 and 8"
		case err == nil:
			if perr := v.AcceptsPlayers(game, size); perr != nil {
				errs["players_per_game"] = fieldProblem(perr)
			}
		}
	}
	return e, errs
}

// firstEditError renders the first failing field as "field: message", for the API.
func firstEditError(errs templates.FieldErrors) string {
	for _, f := range editFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// apiEditLeague edits a league: PATCH /api/v1/leagues/{id} with any of "name",
// "description", "venue", "time_zone", "game", "version", "edition", "players_per_game",
// "face_to_face" → 200 with the league. Organiser only; the game, its version, its size and
// face_to_face only while open. A new game without a version plays its default one.
func (h *Handler) apiEditLeague(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	var in leagueEditInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	e, errs := validateEdit(l, in)
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstEditError(errs))
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.EditLeague(c.Request().Context(), l.ID, user.ID, e); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, l.ID)
}

// apiLeaveLeague takes the caller out of an open league: POST /api/v1/leagues/{id}/leave
// → 200 with the league; 409 once it runs (the answer points to the organiser).
func (h *Handler) apiLeaveLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.LeaveLeague(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiRemoveMember is the organiser taking a member out of an open league:
// POST /api/v1/leagues/{id}/remove {"username"} → 200 with the league.
func (h *Handler) apiRemoveMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.RemoveMember(c.Request().Context(), id, user.ID, username); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiEndLeague returns the handler of POST /api/v1/leagues/{id}/{cancel|close|archive}:
// the organiser cancels an open league, closes a running one early or archives a finished
// or closed one → 200 with the league; 409 naming the state the action needs.
func (h *Handler) apiEndLeague(action string) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathID(c)
		if err != nil {
			return err
		}
		user, _ := currentUser(c) // requireAPIUser guarantees it
		if err := h.store.EndLeague(c.Request().Context(), id, user.ID, action); err != nil {
			return err
		}
		return h.apiLeagueAnswer(c, id)
	}
}

// apiAddCoOrganiser names a co-organiser: POST /api/v1/leagues/{id}/co-organisers
// {"username"} → 200 with the league. Organiser only.
func (h *Handler) apiAddCoOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.SetCoOrganiser(c.Request().Context(), id, user.ID, username, true); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiRemoveCoOrganiser drops a co-organiser: DELETE /api/v1/leagues/{id}/co-organisers/{username}
// → 200 with the league. Organiser only.
func (h *Handler) apiRemoveCoOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.SetCoOrganiser(c.Request().Context(), id, user.ID, c.Param("username"), false); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiLeagueHistoryLine is one line of a league's history in the API.
type apiLeagueHistoryLine struct {
	At       time.Time `json:"at"`
	Username string    `json:"username"`
	Action   string    `json:"action"`
	Detail   string    `json:"detail"`
}

// apiLeagueHistory returns the league's history, newest first: GET /api/v1/leagues/{id}/history.
func (h *Handler) apiLeagueHistory(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	es, err := h.store.LeagueEvents(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	out := make([]apiLeagueHistoryLine, len(es))
	for i, e := range es {
		out[i] = apiLeagueHistoryLine{At: e.At, Username: e.Username, Action: e.Action, Detail: e.Detail}
	}
	return c.JSON(http.StatusOK, out)
}

// apiLeagueAnswer answers 200 with the league as it stands after an operation.
func (h *Handler) apiLeagueAnswer(c echo.Context, id int64) error {
	ctx := c.Request().Context()
	l, err := h.store.League(ctx, id)
	if err != nil {
		return err
	}
	out, err := h.apiLeagueOf(ctx, l)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// operationsView adds to the league page what league operations show: the manage link for
// the organiser and co-organisers, the co-organisers and the league's history.
func (h *Handler) operationsView(c echo.Context, l store.League, v *templates.LeagueView) error {
	ctx := c.Request().Context()
	if viewer, ok := currentUser(c); ok {
		role, err := h.store.LeagueRole(ctx, l.ID, viewer.ID)
		if err != nil {
			return err
		}
		v.CanManage = role >= store.RoleCoOrganiser
	}
	var err error
	if v.CoOrganisers, err = h.store.CoOrganisers(ctx, l.ID); err != nil {
		return err
	}
	events, err := h.store.LeagueEvents(ctx, l.ID)
	if err != nil {
		return err
	}
	v.History = historyViews(events, l.TimeZone)
	return nil
}

// leaveLeague takes the viewer out of an open league (POST /leagues/{id}/leave) and goes
// back to its page; a refusal shows the league page with the reason.
func (h *Handler) leaveLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	l, err := h.store.League(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := h.store.LeaveLeague(c.Request().Context(), id, user.ID); err != nil {
		return h.afterLeagueAction(c, id, err, "")
	}
	// A private league is hidden from those who left it: its page would be a 404.
	h.flash(c, "You left "+l.Name+".")
	if l.Private {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
}

// manageLeaguePage is the organiser's page for a league (GET /leagues/{id}/manage): edit,
// members, co-organisers, ending the league, and its history.
func (h *Handler) manageLeaguePage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	if r, ok := h.popRefusal(c); ok {
		v.Error, v.ErrorForm, v.Typed = r.Message, r.Form, map[string]string{}
		for k := range r.Values {
			v.Typed[k] = r.Values.Get(k)
		}
	}
	return h.render(c, http.StatusOK, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}

// manageView gathers the manage page; only the organiser and co-organisers may see it.
func (h *Handler) manageView(c echo.Context, id int64) (templates.ManageView, error) {
	ctx := c.Request().Context()
	user, _ := currentUser(c) // requireLogin guarantees it
	l, err := h.store.League(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	role, err := h.store.LeagueRole(ctx, id, user.ID)
	if err != nil {
		return templates.ManageView{}, err
	}
	if role < store.RoleCoOrganiser {
		return templates.ManageView{}, store.ErrNotManager
	}
	members, err := h.store.Members(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	co, err := h.store.CoOrganisers(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	events, err := h.store.LeagueEvents(ctx, id)
	if err != nil {
		return templates.ManageView{}, err
	}
	v := templates.ManageView{
		League: summarise(l), IsOrganiser: role == store.RoleOrganiser, CoOrganisers: co,
		Edit: templates.EditForm{Name: l.Name, Description: l.Description, Venue: l.Venue, TimeZone: l.TimeZone, Edition: l.Edition,
			Errors: templates.FieldErrors{}},
		History: historyViews(events, l.TimeZone), TimeZone: l.TimeZone,
		Results:    resultsSettingView(l.ResultsBy, l.ConfirmHours),
		Reopenable: role == store.RoleOrganiser && reopenable(l, events, time.Now()),
	}
	if l.FirstRoundAt != nil && l.RoundEveryDays != nil {
		v.FirstRound = l.FirstRoundAt.In(leagueLocation(l)).Format(localDateTime)
		v.EveryDays = strconv.Itoa(*l.RoundEveryDays)
	}
	for _, m := range members {
		v.Members = append(v.Members, templates.MemberView{Slot: m.Slot, Username: m.Username, DisplayName: m.DisplayName,
			IsViewer: m.UserID == user.ID})
	}
	if err := h.manageView2(c, l, &v); err != nil {
		return templates.ManageView{}, err
	}
	return v, nil
}

// historyViews are a league's history lines with their times in the league's zone.
func historyViews(es []store.LeagueEvent, zone string) []templates.HistoryLine {
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	out := make([]templates.HistoryLine, len(es))
	for i, e := range es {
		out[i] = templates.HistoryLine{At: e.At.In(loc).Format("Mon 2 Jan 2006 15:04"), Username: e.Username,
			Action: e.Action, Detail: e.Detail}
	}
	return out
}

// editLeague is the manage page's edit form (POST /leagues/{id}/edit): name, description,
// venue and time zone. A bad field shows the page again with the message under it.
func (h *Handler) editLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.store.League(ctx, id)
	if err != nil {
		return err
	}
	form := templates.EditForm{Name: c.FormValue("name"), Description: c.FormValue("description"),
		Venue: c.FormValue("venue"), TimeZone: c.FormValue("time_zone"), Edition: c.FormValue("edition")}
	in := leagueEditInput{Name: &form.Name, Description: &form.Description, Venue: &form.Venue, TimeZone: &form.TimeZone}
	params, err := c.FormParams()
	if err != nil {
		return err
	}
	if params.Has("edition") {
		in.Edition = &form.Edition
	} else {
		form.Edition = l.Edition // a form without the field leaves the edition as it is
	}
	e, errs := validateEdit(l, in)
	user, _ := currentUser(c) // requireLogin guarantees it
	if len(errs) == 0 {
		err = h.store.EditLeague(ctx, id, user.ID, e)
		if err == nil {
			h.flash(c, "Saved the league's details.")
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
		}
		var forbidden *store.Forbidden
		if errors.As(err, &forbidden) || !isRefusal(err) {
			return err
		}
		errs["name"] = err.Error()
	}
	v, verr := h.manageView(c, id)
	if verr != nil {
		return verr
	}
	form.Errors = errs
	v.Edit = form
	return h.render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}

// removeMember is the manage page's remove button (POST /leagues/{id}/remove, field username).
func (h *Handler) removeMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.store.RemoveMember(c.Request().Context(), id, user.ID, c.FormValue("username"))
	return h.afterManageAction(c, id, err)
}

// endLeague is the manage page's cancel, close and archive buttons (POST /leagues/{id}/end,
// field action).
func (h *Handler) endLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	action := c.FormValue("action")
	if action != "cancel" && action != "close" && action != "archive" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "action: must be cancel, close or archive")
	}
	if action != "archive" && !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/%s", id, action))
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.store.EndLeague(c.Request().Context(), id, user.ID, action)
	return h.afterManageAction(c, id, err)
}

// coOrganiser is the manage page's co-organiser form (POST /leagues/{id}/co-organisers,
// fields username and op: add or remove).
func (h *Handler) coOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	op := c.FormValue("op")
	if op != "add" && op != "remove" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "op: must be add or remove")
	}
	name := strings.TrimSpace(c.FormValue("username"))
	if name == "" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "username: required"})
	}
	if op == "remove" && !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/remove-co-organiser?username=%s", id, url.QueryEscape(name)))
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.store.SetCoOrganiser(c.Request().Context(), id, user.ID, name, op == "add")
	return h.afterManageAction(c, id, err)
}

// isRefusal reports whether err is a refusal to show the user (a clash or a bad name)
// rather than a failure.
func isRefusal(err error) bool {
	var invalid *store.Invalid
	return errors.Is(err, store.ErrConflict) || errors.As(err, &invalid)
}

// afterManageAction goes back to the manage page after a form's action (Post/Redirect/Get,
// issue #24): on success with the change confirmed at the top of the page (the league
// history's newest line, which every action writes); on a refusal to the section of the
// form, with the refusal beside it and the values typed kept, so a reload never posts again
// nor lands on a POST-only address. Role refusals and failures go to the error page.
func (h *Handler) afterManageAction(c echo.Context, id int64, err error) error {
	section := manageSection(c.Request().URL.Path)
	manage := "/leagues/" + strconv.FormatInt(id, 10) + "/manage"
	if err == nil {
		h.flash(c, h.lastChange(c, id))
		return c.Redirect(http.StatusSeeOther, manage)
	}
	if !isRefusal(err) {
		return err
	}
	field, msg := splitField(refusalMessage(err))
	if label, ok := manageFieldLabels[field]; ok && label != "" {
		msg = label + ": " + msg
	}
	values, _ := c.FormParams()
	msg = h.inPeoplesWords(c, msg, values.Get("to"), values.Get("username"), values.Get("from"))
	kept := url.Values{}
	for k, v := range values {
		if k != "_csrf" && k != "password" {
			kept[k] = v
		}
	}
	h.keepRefusal(c, keptRefusal{Form: section, Field: field, Message: sentence(msg), Values: kept})
	return c.Redirect(http.StatusSeeOther, manage+"#"+section)
}

// manageFieldLabels name the manage page's fields in a refusal shown beside its form; a
// form of one field (a username, a box to tick) needs no name.
var manageFieldLabels = map[string]string{
	"first_round": "First round", "every_days": "Every (days)", "number": "Game or round number",
	"starts_at": "Date", "place": "Place", "to": "", "from": "", "username": "", "confirm": "",
	"private": "", "url": "Address", "format": "Format",
}

// inPeoplesWords names people in a refusal as the pages do: a username typed in the form
// ("bruno already plays in this league") becomes its display name ("Bruno Faidutti
// already plays in this league").
func (h *Handler) inPeoplesWords(c echo.Context, msg string, usernames ...string) string {
	for _, name := range usernames {
		name = strings.TrimSpace(name)
		if name == "" || !strings.Contains(msg, name) {
			continue
		}
		u, err := h.store.UserByUsername(c.Request().Context(), name)
		if err != nil {
			continue
		}
		msg = replaceWord(msg, name, u.DisplayName)
	}
	return msg
}

// replaceWord replaces word in s where it stands alone (not inside another word or a quoted
// name), so "ada" in "adam" stays.
func replaceWord(s, word, with string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, word)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, after := s[:i], s[i+len(word):]
		alone := (before == "" || strings.HasSuffix(before, " ")) &&
			(after == "" || strings.HasPrefix(after, " ") || strings.HasPrefix(after, ",") || strings.HasPrefix(after, ";"))
		b.WriteString(before)
		if alone {
			b.WriteString(with)
		} else {
			b.WriteString(word)
		}
		s = after
	}
}

// manageSection is the id of the manage page's section holding the form that posts to path
// (/leagues/{id}/replace → "replace").
func manageSection(path string) string {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	// /leagues/{id}/{action}[/...]: the action names the form.
	if len(parts) < 3 {
		return "manage"
	}
	switch parts[2] {
	case "remove":
		return "members"
	case "rhythm", "move":
		return "dates"
	case "invite":
		return "privacy"
	}
	return parts[2]
}

// splitField splits a refusal "to: bruno already plays in this league" into the field it
// concerns and what is wrong; a message without a field path comes back whole.
func splitField(msg string) (string, string) {
	field, rest, ok := strings.Cut(msg, ": ")
	if !ok || field == "" || strings.ContainsAny(field, " ,") {
		return "", msg
	}
	return field, rest
}

// lastChange is the league history's newest line by the signed-in user, to confirm the
// action that wrote it; "Saved." when there is none.
func (h *Handler) lastChange(c echo.Context, id int64) string {
	user, ok := currentUser(c)
	if !ok {
		return ""
	}
	es, err := h.store.LeagueEvents(c.Request().Context(), id)
	if err != nil || len(es) == 0 || es[0].Username != user.Username {
		return "Saved."
	}
	return "Done: " + es[0].Detail
}

// afterLeagueAction goes back to the league page after a member's action, or shows it with
// the refusal in the join section.
func (h *Handler) afterLeagueAction(c echo.Context, id int64, err error, anchor string) error {
	if err == nil {
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+anchor)
	}
	if !isRefusal(err) {
		return err
	}
	v, verr := h.leagueView(c, id)
	if verr != nil {
		return verr
	}
	v.Join.Error = sentence(refusalMessage(err))
	status, _ := classify(err)
	return h.render(c, status, templates.League(h.page(c, v.League.Name), v))
}

// refusalMessage is the user-facing message of a refusal.
func refusalMessage(err error) string {
	_, msg := classify(err)
	return msg
}

// replacementNotes say who replaced whom, for the standings: "rp10 replaced rp2 after 3
// games played; rp2 keeps those games' points".
func replacementNotes(rs []store.Replacement) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = fmt.Sprintf("%s replaced %s after %d %s; %s keeps the points of the games played, %s plays the %d left.",
			r.To, r.From, r.Played, plural(r.Played, "game", "games"), r.From, r.To, r.SeatsTaken)
	}
	return out
}

// apiReplaceMember is the organiser replacing a member of a running league:
// POST /api/v1/leagues/{id}/replace {"from","to"} → 200 with the league. The substitute
// takes every unplayed seat of the member; played games keep their results.
func (h *Handler) apiReplaceMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		From string `json:"from"`
		To   string `json:"to"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	from, to := strings.TrimSpace(body.From), strings.TrimSpace(body.To)
	switch {
	case from == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "from: required")
	case to == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "to: required")
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if _, err := h.store.ReplaceMember(c.Request().Context(), id, user.ID, from, to); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// replaceMember is the manage page's replace form (POST /leagues/{id}/replace, fields from
// and to).
func (h *Handler) replaceMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	from, to := strings.TrimSpace(c.FormValue("from")), strings.TrimSpace(c.FormValue("to"))
	switch {
	case from == "":
		err = &store.Invalid{Reason: "from: choose the player who leaves"}
	case to == "":
		err = &store.Invalid{Reason: "to: required; the username of the substitute"}
	default:
		user, _ := currentUser(c) // requireLogin guarantees it
		_, err = h.store.ReplaceMember(c.Request().Context(), id, user.ID, from, to)
	}
	return h.afterManageAction(c, id, err)
}

// usernameBody reads the {"username"} body of the member operations (remove, co-organisers)
// and returns the username trimmed; an empty one is refused naming the field.
func usernameBody(c echo.Context) (string, error) {
	var body struct {
		Username string `json:"username"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return "", err
	}
	username := strings.TrimSpace(body.Username)
	if username == "" {
		return "", echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	return username, nil
}
