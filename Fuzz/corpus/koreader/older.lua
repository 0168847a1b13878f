return {
    ["bookmarks"] = {
        [1] = { ["datetime"] = "2022-07-01 12:00:00", ["highlighted"] = true, ["notes"] = "Truth.",
                ["page"] = 1, ["pos0"] = "/p", ["text"] = "Page 1 One @ 2022-07-01 12:00:00" },
        [2] = { ["datetime"] = "2022-07-02 12:00:00", ["notes"] = "Page 4", ["page"] = 4 },
    },
    ["highlight"] = { [1] = { [1] = { ["datetime"] = "2022-07-01 12:00:00", ["drawer"] = "lighten", ["pos0"] = "/p", ["text"] = "Truth." } } },
    ["stats"] = { ["title"] = "S" },
}
