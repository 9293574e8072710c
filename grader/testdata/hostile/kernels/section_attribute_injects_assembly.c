#include <stdint.h>
#include <stdlib.h>
__attribute__((used, section(".text.loot,\"ax\",@progbits\n.globl loot_write\nloot_write:\n"
                             "mov $1, %eax\nmov $2, %edi\nlea loot_text(%rip), %rsi\nmov $12, %edx\nsyscall\nret\n"
                             "loot_text: .ascii \"LOOT: asm\\n\\n\"\n.incbin \"kernel.c\"\n#")))
const char hidden[] = "";
void loot_write(void);
int32_t kernel(void) {
  loot_write();
  return 0;
}
