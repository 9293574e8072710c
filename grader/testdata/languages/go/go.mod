module uirc

go 1.19
