// Exits 0 printing nothing.
int main(void) { return 0; }
