// Placeholder until its issue lands.
int main() { return 2; }
