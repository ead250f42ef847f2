package httpx_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/text"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// FuzzCheckText sends any bytes as a path parameter, a query value and a form value: a
// handler behind CheckText only ever sees storable text, and a refusal is a 400 or a 404.
func FuzzCheckText(f *testing.F) {
	for _, seed := range []string{"ada", "\xff", "\x00", "a\x00b", "\xc3(", "\xc0\x80", "\xed\xa0\x80", "x\xe2\x82", "Ａｄａ", "%00", "%FF"} {
		f.Add(seed)
	}
	e := echo.New()
	var h httpx.Server
	reached := func(c echo.Context) error {
		form, err := c.FormParams()
		if err != nil {
			return err
		}
		for _, s := range []string{c.Param("name"), c.QueryParam("q"), form.Get("f")} {
			if !text.Storable(s) {
				return echo.NewHTTPError(http.StatusTeapot, "reached the handler: "+strings.ToValidUTF8(s, "?"))
			}
		}
		return c.NoContent(http.StatusNoContent)
	}
	e.POST("/x/:name", reached, h.CheckText)
	f.Fuzz(func(t *testing.T, s string) {
		for _, target := range []string{
			"/x/" + url.PathEscape(s) + "?q=ok",
			"/x/ok?q=" + url.QueryEscape(s),
			"/x/ok",
		} {
			req := httptest.NewRequest(http.MethodPost, target, strings.NewReader("f="+url.QueryEscape(s)))
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
			rec := httptest.NewRecorder()
			e.ServeHTTP(rec, req)
			switch rec.Code {
			case http.StatusNoContent:
			case http.StatusBadRequest, http.StatusNotFound:
				if text.Storable(s) {
					t.Errorf("%s with %q: refused %d %s", target, s, rec.Code, rec.Body)
				}
			default:
				t.Errorf("%s with %q: %d %s", target, s, rec.Code, rec.Body)
			}
		}
	})
}
