import { describe, expect, it } from "vitest";
import { matchRoute } from "../../src/app/routes.ts";
import { feedFiltersSchema } from "../../src/shared/api/feed-query-schemas.ts";
import {
  DEFAULT_LIBRARY_FILTERS,
  FILTER_NAMES,
  filtersFromQuery,
  filtersToQuery,
  type LibraryFilters,
  sameFilters,
  toFeedFilters,
} from "../../src/shared/library/library-filters.ts";
import { OWNER } from "./library-fixtures.ts";

const withStates = (states: Partial<LibraryFilters["states"]>, rest: Partial<LibraryFilters> = {}) => ({
  ...DEFAULT_LIBRARY_FILTERS,
  ...rest,
  states: { ...DEFAULT_LIBRARY_FILTERS.states, ...states },
});

describe("the library's filters to the feed request", () => {
  it("sends the defaults: own songs, not trashed, disliked, stems and studio exports hidden, newest first", () => {
    const request = toFeedFilters(DEFAULT_LIBRARY_FILTERS, OWNER);
    expect(request).toEqual({
      user: { presence: "True", userId: OWNER },
      trashed: "False",
      disliked: "False",
      stem: { presence: "False" },
      fromStudioProject: { presence: "False" },
      sort: { sortBy: "created_at", sortDirection: "desc" },
    });
    expect(feedFiltersSchema.safeParse(request).success).toBe(true);
  });

  it("turns True and False into flag and presence filters and leaves Any out", () => {
    const request = toFeedFilters(
      withStates({
        liked: "True",
        public: "False",
        cover: "True",
        playlist: "True",
        disliked: "Any",
        stem: "Any",
      }),
      OWNER,
    );
    expect(request.liked).toBe("True");
    expect(request.playlist).toEqual({ presence: "True" });
    expect(request.public).toBe("False");
    expect(request.cover).toEqual({ presence: "True" });
    expect("disliked" in request).toBe(false);
    expect("stem" in request).toBe(false);
    expect(feedFiltersSchema.safeParse(request).success).toBe(true);
  });

  it("trims the search and sends none when it is blank; sorts oldest and by plays", () => {
    expect(toFeedFilters(withStates({}, { search: "  sea shanty " }), OWNER).searchText).toBe("sea shanty");
    expect("searchText" in toFeedFilters(withStates({}, { search: "   " }), OWNER)).toBe(false);
    expect(toFeedFilters(withStates({}, { sort: "oldest" }), OWNER).sort).toEqual({
      sortBy: "created_at",
      sortDirection: "asc",
    });
    expect(toFeedFilters(withStates({}, { sort: "plays" }), OWNER).sort).toEqual({
      sortBy: "play_count",
      sortDirection: "desc",
    });
  });
});

describe("the library's filters in the address", () => {
  it("keeps only what differs from the defaults, and reads it back the same", () => {
    expect(filtersToQuery(DEFAULT_LIBRARY_FILTERS).toString()).toBe("");
    const filters = withStates(
      { liked: "True", disliked: "Any", upload: "False", workspace: "True" },
      { search: "  harbour ", sort: "oldest" },
    );
    const query = filtersToQuery(filters);
    expect(query.get("q")).toBe("harbour");
    expect(query.get("disliked")).toBe("any");
    const back = filtersFromQuery(`?${query}`);
    expect(back.unknown).toEqual([]);
    expect(sameFilters(back.filters, filters)).toBe(true);
    expect(back.filters.search).toBe("harbour");
  });

  it("round-trips every filter in every state", () => {
    for (const name of FILTER_NAMES) {
      for (const state of ["True", "False", "Any"] as const) {
        const filters = withStates({ [name]: state });
        expect(sameFilters(filtersFromQuery(filtersToQuery(filters).toString()).filters, filters)).toBe(true);
      }
    }
  });

  it("keeps a chosen workspace in the address and asks for its songs only", () => {
    const filters = withStates({ workspace: "False" }, { workspaceId: "w-123" });
    const query = filtersToQuery(filters);
    expect(query.get("wid")).toBe("w-123");
    expect(sameFilters(filtersFromQuery(query.toString()).filters, filters)).toBe(true);
    expect(toFeedFilters(filters, OWNER).workspace).toEqual({ presence: "True", workspaceId: "w-123" });
    // Every member's songs in a chosen workspace; one's own in the default one (and everywhere else).
    expect(toFeedFilters(filters, OWNER).user).toBeUndefined();
    expect(toFeedFilters({ ...filters, workspaceId: "default" }, OWNER).user).toEqual({
      presence: "True",
      userId: OWNER,
    });
    expect(toFeedFilters(withStates({}), OWNER).user).toEqual({ presence: "True", userId: OWNER });
    expect(filtersFromQuery("?wid=").filters.workspaceId).toBeNull();
  });

  it("names values it does not know and keeps the defaults for them", () => {
    const parsed = filtersFromQuery("?liked=maybe&sort=loudest&public=yes&banana=1");
    expect(parsed.unknown).toEqual(["liked", "sort"]);
    expect(parsed.filters.states.liked).toBe("Any");
    expect(parsed.filters.states.public).toBe("True");
    expect(parsed.filters.sort).toBe("newest");
  });
});

describe("the library's routes", () => {
  it("opens the library at /me and the personas at /me/personas, with or without a trailing slash", () => {
    expect(matchRoute("/me")).toEqual({ name: "library" });
    expect(matchRoute("/me/")).toEqual({ name: "library" });
    expect(matchRoute("/me/personas")).toEqual({ name: "libraryPersonas" });
    expect(matchRoute("/me/other")).toEqual({ name: "notFound" });
  });
});
